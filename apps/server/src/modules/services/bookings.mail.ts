import { LANGS, type Lang } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { sendTemplate } from '../emails/send';
import { bookingForMail } from './bookings.repository';
import { icsCalendar } from './ics';

/** The booking confirmation's words in the guest app's seven languages (ours: the spec has no such mail). */
const WORDS: Record<Lang, { locale: string; title: string; hello: string; booked: string; place: string; attached: string }> = {
  fr: { locale: 'fr-FR', title: 'Votre réservation est confirmée', hello: 'Bonjour #prenom,', booked: 'Votre réservation est enregistrée :', place: 'Lieu', attached: "Le rendez-vous est joint à ce message : ouvrez-le pour l'ajouter à votre agenda." },
  en: { locale: 'en-GB', title: 'Your booking is confirmed', hello: 'Hello #prenom,', booked: 'Your booking is saved:', place: 'Place', attached: 'The appointment is attached to this message: open it to add it to your calendar.' },
  de: { locale: 'de-DE', title: 'Ihre Reservierung ist bestätigt', hello: 'Hallo #prenom,', booked: 'Ihre Reservierung ist gespeichert:', place: 'Ort', attached: 'Der Termin ist dieser Nachricht beigefügt: Öffnen Sie ihn, um ihn Ihrem Kalender hinzuzufügen.' },
  nl: { locale: 'nl-NL', title: 'Uw reservering is bevestigd', hello: 'Hallo #prenom,', booked: 'Uw reservering is opgeslagen:', place: 'Plaats', attached: 'De afspraak zit als bijlage bij dit bericht: open hem om hem aan uw agenda toe te voegen.' },
  it: { locale: 'it-IT', title: 'La sua prenotazione è confermata', hello: 'Gentile #prenom,', booked: 'La sua prenotazione è registrata:', place: 'Luogo', attached: "L'appuntamento è allegato a questo messaggio: lo apra per aggiungerlo al suo calendario." },
  es: { locale: 'es-ES', title: 'Su reserva está confirmada', hello: 'Hola, #prenom:', booked: 'Su reserva está registrada:', place: 'Lugar', attached: 'La cita está adjunta a este mensaje: ábrala para añadirla a su calendario.' },
  pt: { locale: 'pt-PT', title: 'A sua reserva está confirmada', hello: 'Olá #prenom,', booked: 'A sua reserva está registada:', place: 'Local', attached: 'A marcação segue em anexo a esta mensagem: abra-a para a adicionar ao seu calendário.' },
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '#': '&#35;' };
/** Escaped for HTML, '#' included: a benefit named '#nom' is not a variable of the template. */
const html = (s: string) => s.replace(/[&<>"'#]/g, (c) => ESCAPES[c]);

type Texts = readonly ({ lang: string } & Record<string, string>)[];
/** A text in this language, else English, else the first one written. */
const pick = (list: Texts, lang: string, field: string) =>
  [list.find((t) => t.lang === lang), list.find((t) => t.lang === 'en'), ...list].map((t) => t?.[field]?.trim()).find((v) => v) ?? '';

/**
 * The confirmation mail of a booking to its guest (their language, English, then the default: sendTemplate),
 * copied as config_emails asks for services, with the booking as an .ics attachment written in UTC.
 * Nothing when the booking or its guest is gone.
 */
export async function sendBookingMail(deps: Deps, reservationId: string) {
  const row = await bookingForMail(deps.db, reservationId);
  if (!row) return;
  const { r, service, benefit, guest } = row;
  const tz = deps.env.TIME_ZONE;
  const translations = LANGS.map((lang) => {
    const w = WORDS[lang];
    const what = pick(benefit.translations, lang, 'subtitle') || service.name;
    const where = pick(benefit.translations, lang, 'location') || pick(service.translations, lang, 'location');
    const when = new Intl.DateTimeFormat(w.locale, { timeZone: tz, dateStyle: 'full', timeStyle: 'short' }).format(new Date(r.start * 1000));
    const content =
      `<p>${w.hello}</p><p>${w.booked}</p>` +
      `<p><strong>${html(what)}</strong><br>${html(when)}${where ? `<br>${w.place} : ${html(where)}` : ''}</p>` +
      `<p>${w.attached}</p>`;
    return { lang, title: lang === 'fr' ? `${w.title} : ${what}` : `${w.title}: ${what}`, content };
  });
  const own = translations.find((t) => t.lang === guest.langage) ?? translations[1];
  const ics = icsCalendar({
    uid: `${r.id}@services`,
    start: r.start,
    end: r.end,
    stamp: deps.now(),
    summary: pick(benefit.translations, guest.langage ?? 'en', 'subtitle') || service.name,
    location: pick(benefit.translations, guest.langage ?? 'en', 'location') || undefined,
    description: own.title,
  });
  await sendTemplate(
    deps,
    { translations },
    { email: guest.email, firstname: guest.firstname, lastname: guest.lastname, code: null, lang: guest.langage },
    {},
    { copy: 'services', attachments: [{ filename: 'reservation.ics', content: Buffer.from(ics, 'utf8'), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] },
  );
}
