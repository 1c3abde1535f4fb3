import type { IncomingMessage } from 'node:http';
import { LANGS, isLang, pickLanguage, type Lang } from '@campsite/shared';
import { acceptedLanguages } from '../http/first-screen';

/** What the installation answers itself (no site's app): an unknown host name, a suspended or unreachable site. */
export interface SiteTexts {
  unknownTitle: string;
  unknown: string;
  suspendedTitle: string;
  suspended: string;
  unavailable: string;
}

/** Staff read French; guests read their own language (the guest port: guestTexts). */
export const SITE_TEXTS: SiteTexts = {
  unknownTitle: 'Site inconnu',
  unknown: "Aucun camping n'est servi à cette adresse. Vérifiez l'adresse saisie.",
  suspendedTitle: 'Camping momentanément indisponible',
  suspended: "Ce camping est momentanément indisponible : son accès a été suspendu par l'exploitant de la plateforme. Réessayez plus tard.",
  unavailable: 'Ce camping ne répond pas pour le moment. Réessayez dans un instant.',
};

const GUEST_TEXTS: Record<Exclude<Lang, 'fr'>, SiteTexts> = {
  en: {
    unknownTitle: 'Unknown site',
    unknown: 'No campsite is served at this address. Please check the address you entered.',
    suspendedTitle: 'Campsite temporarily unavailable',
    suspended: "This campsite is temporarily unavailable: its access has been suspended by the platform's operator. Please try again later.",
    unavailable: 'This campsite is not answering at the moment. Please try again in a moment.',
  },
  de: {
    unknownTitle: 'Unbekannte Adresse',
    unknown: 'Unter dieser Adresse gibt es keinen Campingplatz. Bitte prüfen Sie die eingegebene Adresse.',
    suspendedTitle: 'Campingplatz vorübergehend nicht verfügbar',
    suspended: 'Dieser Campingplatz ist vorübergehend nicht verfügbar: Der Betreiber der Plattform hat den Zugang gesperrt. Bitte versuchen Sie es später erneut.',
    unavailable: 'Dieser Campingplatz antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.',
  },
  nl: {
    unknownTitle: 'Onbekende site',
    unknown: 'Op dit adres is geen camping te vinden. Controleer het ingevoerde adres.',
    suspendedTitle: 'Camping tijdelijk niet beschikbaar',
    suspended: 'Deze camping is tijdelijk niet beschikbaar: de toegang is opgeschort door de beheerder van het platform. Probeer het later opnieuw.',
    unavailable: 'Deze camping reageert op dit moment niet. Probeer het zo meteen opnieuw.',
  },
  it: {
    unknownTitle: 'Sito sconosciuto',
    unknown: "Nessun campeggio è servito a questo indirizzo. Controlla l'indirizzo inserito.",
    suspendedTitle: 'Campeggio temporaneamente non disponibile',
    suspended: "Questo campeggio è temporaneamente non disponibile: l'accesso è stato sospeso dal gestore della piattaforma. Riprova più tardi.",
    unavailable: 'Questo campeggio non risponde al momento. Riprova tra un istante.',
  },
  es: {
    unknownTitle: 'Sitio desconocido',
    unknown: 'No hay ningún camping en esta dirección. Compruebe la dirección introducida.',
    suspendedTitle: 'Camping temporalmente no disponible',
    suspended: 'Este camping no está disponible temporalmente: el operador de la plataforma ha suspendido su acceso. Inténtelo de nuevo más tarde.',
    unavailable: 'Este camping no responde en este momento. Inténtelo de nuevo en un instante.',
  },
  pt: {
    unknownTitle: 'Site desconhecido',
    unknown: 'Nenhum parque de campismo é servido neste endereço. Verifique o endereço introduzido.',
    suspendedTitle: 'Parque de campismo temporariamente indisponível',
    suspended: 'Este parque de campismo está temporariamente indisponível: o acesso foi suspenso pelo operador da plataforma. Tente novamente mais tarde.',
    unavailable: 'Este parque de campismo não está a responder de momento. Tente novamente dentro de instantes.',
  },
};

/** The guest's language as the guest app's own server reads it: the language chosen on the device (its cookie), else the browser's, else French. */
export function guestLangOfRequest(req: IncomingMessage): Lang {
  const chosen = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(req.headers.cookie ?? '')?.[1];
  if (isLang(chosen)) return chosen;
  return pickLanguage(acceptedLanguages(req.headers['accept-language']), LANGS, 'fr');
}

export const textsFor = (lang: Lang): SiteTexts => (lang === 'fr' ? SITE_TEXTS : GUEST_TEXTS[lang]);
