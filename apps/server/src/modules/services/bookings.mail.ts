import { isLang, type Lang } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import type { JobArea } from '../../jobs';
import { catalogTranslations } from '../../platform/mail/catalog';
import { handleMailJob } from '../../platform/mail/job';
import { sendTemplate } from '../../platform/mail/send';
import { dropHits, takeHits } from '../../platform/throttle/throttle.repository';
import { bookingForMail } from './bookings.repository';
import { icsCalendar } from './ics.export';
import { bookingMailJob } from './services.jobs';

/** The locale each language writes its dates in. */
const LOCALES: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB', de: 'de-DE', nl: 'nl-NL', it: 'it-IT', es: 'es-ES', pt: 'pt-PT' };

type Texts = readonly ({ lang: string } & Record<string, string>)[];
/** A text in this language, else English, else the first one written. */
const pick = (list: Texts, lang: string, field: string) =>
  [list.find((t) => t.lang === lang), list.find((t) => t.lang === 'en'), ...list].map((t) => t?.[field]?.trim()).find((v) => v) ?? '';

/**
 * Booking confirmations one guest account is mailed in an hour. Past it the booking is kept (the guest app
 * and the planning list it) and no mail is sent: staff naming a guest on 50 bookings, or a guest booking
 * and cancelling in a loop, would otherwise mail that address 50 times. Counted as each mail is sent (its
 * job, under the bucket's lock, on every instance alike), not in the booking's transaction: the booking
 * holds its workers' rows for fewer round trips (docs/performance.md, "Issue 31, round three": "A booking").
 */
export const CONFIRMATIONS_PER_HOUR = 20;

/**
 * The confirmation mail of a booking to its guest (their language, English, then the default: sendTemplate),
 * copied as config_emails asks for services, with the booking as an .ics attachment written in UTC.
 * Nothing when the booking or its guest is gone.
 */
export async function sendBookingMail(deps: Deps, reservationId: string) {
  const row = await bookingForMail(deps.db, reservationId);
  if (!row) return;
  const { r, service, benefit, guest } = row;
  const now = deps.now();
  const taken = await takeHits(deps.db, [{ bucket: `booking-mail:${r.userId}`, max: CONFIRMATIONS_PER_HOUR, since: now - 3600 }], now);
  if ('full' in taken) return;
  const tz = deps.env.TIME_ZONE;
  const slots = {
    what: (lang: Lang) => pick(benefit.translations, lang, 'subtitle') || service.name,
    where: (lang: Lang) => pick(benefit.translations, lang, 'location') || pick(service.translations, lang, 'location'),
    when: (lang: Lang) => new Intl.DateTimeFormat(LOCALES[lang], { timeZone: tz, dateStyle: 'full', timeStyle: 'short' }).format(new Date(r.start * 1000)),
  };
  const own = catalogTranslations('booking-email', slots, [isLang(guest.langage) ? guest.langage : 'en'])[0];
  const ics = icsCalendar({
    uid: `${r.id}@services`,
    start: r.start,
    end: r.end,
    stamp: now,
    summary: pick(benefit.translations, guest.langage ?? 'en', 'subtitle') || service.name,
    location: pick(benefit.translations, guest.langage ?? 'en', 'location') || undefined,
    description: own.title,
  });
  // a mail that did not leave (the job tries again) is not one of the hour's
  await sendTemplate(
    deps,
    'booking-email',
    { email: guest.email, firstname: guest.firstname, lastname: guest.lastname, code: null, lang: guest.langage },
    {},
    { slots, attachments: [{ filename: 'reservation.ics', content: Buffer.from(ics, 'utf8'), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }] },
  ).catch(async (err: unknown) => {
    await dropHits(deps.db, taken.ids);
    throw err;
  });
}

export const servicesMails: JobArea = [handleMailJob(bookingMailJob, (deps, job) => sendBookingMail(deps, job.payload.reservation))];
