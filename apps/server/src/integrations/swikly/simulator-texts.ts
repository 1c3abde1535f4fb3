import type { RequestStatus } from './client';

// The simulator's page in the request's language (issue 32), as Swikly shows its own page in the language
// the request names (fr, en, de, nl, it, es: Swikly has no Portuguese, our requests then say 'en').

export interface PageTexts {
  title: string;
  note: string;
  for: string;
  amount: string;
  periodLabel: string;
  period: (from: string, to: string) => string;
  object: string;
  accept: string;
  refuse: string;
  back: string;
  status: Record<Exclude<RequestStatus, 'pending'>, string>;
}

export const PAGE_TEXTS: Record<string, PageTexts> = {
  fr: {
    title: 'Dépôt de caution',
    note: "Simulateur Swikly : aucune carte n'est débitée.",
    for: 'Pour',
    amount: 'Montant',
    periodLabel: 'Période',
    period: (a, b) => `du ${a} au ${b}`,
    object: 'Objet',
    accept: 'Accepter la caution',
    refuse: 'Refuser',
    back: "Revenir à l'application",
    status: { accepted: 'Caution acceptée. Merci !', refused: 'Caution refusée.', released: 'Caution libérée.', claimed: 'Caution réclamée.', expired: 'Demande expirée.', cancelled: 'Demande annulée.' },
  },
  en: {
    title: 'Security deposit',
    note: 'Swikly simulator: no card is charged.',
    for: 'For',
    amount: 'Amount',
    periodLabel: 'Period',
    period: (a, b) => `from ${a} to ${b}`,
    object: 'Purpose',
    accept: 'Accept the deposit',
    refuse: 'Decline',
    back: 'Back to the app',
    status: { accepted: 'Deposit accepted. Thank you!', refused: 'Deposit declined.', released: 'Deposit released.', claimed: 'Deposit claimed.', expired: 'Request expired.', cancelled: 'Request cancelled.' },
  },
  de: {
    title: 'Kaution hinterlegen',
    note: 'Swikly-Simulator: Es wird keine Karte belastet.',
    for: 'Für',
    amount: 'Betrag',
    periodLabel: 'Zeitraum',
    period: (a, b) => `vom ${a} bis ${b}`,
    object: 'Zweck',
    accept: 'Kaution akzeptieren',
    refuse: 'Ablehnen',
    back: 'Zurück zur App',
    status: { accepted: 'Kaution akzeptiert. Danke!', refused: 'Kaution abgelehnt.', released: 'Kaution freigegeben.', claimed: 'Kaution einbehalten.', expired: 'Anfrage abgelaufen.', cancelled: 'Anfrage storniert.' },
  },
  nl: {
    title: 'Borg storten',
    note: 'Swikly-simulator: er wordt geen kaart belast.',
    for: 'Voor',
    amount: 'Bedrag',
    periodLabel: 'Periode',
    period: (a, b) => `van ${a} tot ${b}`,
    object: 'Onderwerp',
    accept: 'Borg accepteren',
    refuse: 'Weigeren',
    back: 'Terug naar de app',
    status: { accepted: 'Borg geaccepteerd. Bedankt!', refused: 'Borg geweigerd.', released: 'Borg vrijgegeven.', claimed: 'Borg ingehouden.', expired: 'Verzoek verlopen.', cancelled: 'Verzoek geannuleerd.' },
  },
  it: {
    title: 'Deposito cauzionale',
    note: 'Simulatore Swikly: nessuna carta viene addebitata.',
    for: 'Per',
    amount: 'Importo',
    periodLabel: 'Periodo',
    period: (a, b) => `dal ${a} al ${b}`,
    object: 'Oggetto',
    accept: 'Accetta la cauzione',
    refuse: 'Rifiuta',
    back: "Torna all'app",
    status: { accepted: 'Cauzione accettata. Grazie!', refused: 'Cauzione rifiutata.', released: 'Cauzione svincolata.', claimed: 'Cauzione trattenuta.', expired: 'Richiesta scaduta.', cancelled: 'Richiesta annullata.' },
  },
  es: {
    title: 'Depósito de fianza',
    note: 'Simulador de Swikly: no se carga ninguna tarjeta.',
    for: 'Para',
    amount: 'Importe',
    periodLabel: 'Periodo',
    period: (a, b) => `del ${a} al ${b}`,
    object: 'Concepto',
    accept: 'Aceptar la fianza',
    refuse: 'Rechazar',
    back: 'Volver a la aplicación',
    status: { accepted: 'Fianza aceptada. ¡Gracias!', refused: 'Fianza rechazada.', released: 'Fianza liberada.', claimed: 'Fianza reclamada.', expired: 'Solicitud caducada.', cancelled: 'Solicitud anulada.' },
  },
};

/** The texts of a request's language; French for one the simulator does not know (a hand-made request). */
export const pageTexts = (language: string) => PAGE_TEXTS[language] ?? PAGE_TEXTS.fr;

/** An amount as the language writes it ('150,00 €', '€150.00'). */
export const pageAmount = (cents: number, language: string) =>
  new Intl.NumberFormat(PAGE_TEXTS[language] ? language : 'fr', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/[\u00a0\u202f]/g, ' ');

/** A day (YYYY-MM-DD) as the language writes it. */
export const pageDay = (iso: string, language: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString(language === 'en' ? 'en-GB' : PAGE_TEXTS[language] ? language : 'fr', { timeZone: 'UTC' });
