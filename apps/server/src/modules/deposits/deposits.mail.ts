import type { EmailTranslation, Lang } from '@campsite/shared';
import { formatDate } from '@campsite/shared';

// The mail that brings the guest their deposit link, in the guest app's seven languages (#lien is the link
// to the provider's page, #prenom the guest's first name; the amount and dates are written in).

type Words = { title: string; body: (amount: string, from: string, to: string) => string; button: string };
const WORDS: Record<Lang, Words> = {
  fr: {
    title: 'Votre caution pour votre séjour',
    body: (a, f, t) => `Pour votre séjour du ${f} au ${t}, nous vous demandons une caution de ${a} par l'intermédiaire de Swikly. Aucune somme n'est débitée : l'empreinte est libérée après votre départ si rien ne manque.`,
    button: 'Déposer ma caution',
  },
  en: {
    title: 'Your deposit for your stay',
    body: (a, f, t) => `For your stay from ${f} to ${t}, we ask you for a deposit of ${a} through Swikly. Nothing is charged: the hold is released after your departure if nothing is missing.`,
    button: 'Leave my deposit',
  },
  de: {
    title: 'Ihre Kaution für Ihren Aufenthalt',
    body: (a, f, t) => `Für Ihren Aufenthalt vom ${f} bis ${t} bitten wir Sie über Swikly um eine Kaution von ${a}. Es wird nichts abgebucht: Die Vormerkung wird nach Ihrer Abreise freigegeben, wenn nichts fehlt.`,
    button: 'Kaution hinterlegen',
  },
  nl: {
    title: 'Uw borg voor uw verblijf',
    body: (a, f, t) => `Voor uw verblijf van ${f} tot ${t} vragen wij via Swikly een borg van ${a}. Er wordt niets afgeschreven: de reservering vervalt na uw vertrek als er niets ontbreekt.`,
    button: 'Mijn borg storten',
  },
  it: {
    title: 'La sua cauzione per il soggiorno',
    body: (a, f, t) => `Per il suo soggiorno dal ${f} al ${t} le chiediamo una cauzione di ${a} tramite Swikly. Non viene addebitato nulla: la garanzia viene sbloccata dopo la partenza se non manca nulla.`,
    button: 'Versare la cauzione',
  },
  es: {
    title: 'Su fianza para su estancia',
    body: (a, f, t) => `Para su estancia del ${f} al ${t}, le pedimos una fianza de ${a} a través de Swikly. No se cobra nada: la retención se libera después de su salida si no falta nada.`,
    button: 'Depositar mi fianza',
  },
  pt: {
    title: 'A sua caução para a estadia',
    body: (a, f, t) => `Para a sua estadia de ${f} a ${t}, pedimos-lhe uma caução de ${a} através da Swikly. Nada é cobrado: a pré-autorização é libertada após a sua partida se nada faltar.`,
    button: 'Depositar a caução',
  },
};
const HELLO: Record<Lang, string> = { fr: 'Bonjour', en: 'Hello', de: 'Hallo', nl: 'Hallo', it: 'Buongiorno', es: 'Hola', pt: 'Olá' };

const euros = (cents: number, lang: Lang) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** The seven translations of the deposit mail for this amount and stay. */
export function depositMail(amount: number, arrival: number, departure: number, timeZone: string): EmailTranslation[] {
  const from = formatDate(arrival, timeZone);
  const to = formatDate(departure, timeZone);
  return (Object.keys(WORDS) as Lang[]).map((lang) => {
    const w = WORDS[lang];
    return {
      lang,
      title: w.title,
      content: `<p>${HELLO[lang]} #prenom,</p><p>${w.body(euros(amount, lang), from, to)}</p><p><a href="#lien">${w.button}</a></p>`,
    };
  });
}
