import { epochToZoned, zonedTimeToEpoch } from '@campsite/shared/domain/zoned';
import type { AnimationDate } from '@campsite/shared/contract/activities';
import type { Lang } from '@campsite/shared/i18n/languages';
import { word } from './dict';

export { AGENDA_DAYS, agendaWindow } from '@campsite/shared/client/first-screen';

/** Midnight of the day `n` days after today, in the establishment's time zone (epoch seconds). */
export function dayStart(now: number, timeZone: string, n = 0): number {
  const p = epochToZoned(now, timeZone);
  return zonedTimeToEpoch(p.year, p.month, p.day + n, 0, 0, timeZone);
}

export interface Day<T> {
  start: number;
  items: T[];
}

/** Dates grouped by the day they start on, in the establishment's time zone, days in order. */
export function byDay<T extends Pick<AnimationDate, 'start'>>(dates: readonly T[], timeZone: string): Day<T>[] {
  // one zone conversion per date and one per distinct day: a season's programme is hundreds of dates
  const days = new Map<string, { p: { year: number; month: number; day: number }; items: T[] }>();
  for (const d of [...dates].sort((a, b) => a.start - b.start)) {
    const p = epochToZoned(d.start, timeZone);
    const key = `${p.year}-${p.month}-${p.day}`;
    const day = days.get(key);
    if (day) day.items.push(d);
    else days.set(key, { p, items: [d] });
  }
  return [...days.values()].map(({ p, items }) => ({ start: zonedTimeToEpoch(p.year, p.month, p.day, 0, 0, timeZone), items }));
}

/** Each language's usual European form (British English, Portugal's Portuguese): when the phone says no region. */
export const LOCALES: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB', de: 'de-DE', nl: 'nl-NL', it: 'it-IT', es: 'es-ES', pt: 'pt-PT' };

/**
 * The conventions dates and times are written in: the guest's language with the phone's region when the
 * phone speaks that language ('en-GB' 21:30, 'en-US' 9:30 PM, 'de-CH', 'pt-BR'), else the language's
 * European form. The phone's own settings are what its owner reads every day.
 */
export function localeOf(lang: Lang): string {
  const phone = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of phone) {
    if (!tag || tag.split('-')[0].toLowerCase() !== lang || !tag.includes('-')) continue;
    try {
      return Intl.getCanonicalLocales(tag)[0];
    } catch {
      // a malformed tag: the next one
    }
  }
  return LOCALES[lang] ?? lang;
}

const FORMATS = {
  long: { weekday: 'long', day: 'numeric', month: 'long' },
  year: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  short: { weekday: 'short', day: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit' },
  dayTime: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Kind = keyof typeof FORMATS;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: Lang, timeZone: string, kind: Kind): Intl.DateTimeFormat {
  const locale = localeOf(lang);
  const key = `${locale}|${timeZone}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions = { ...FORMATS[kind], timeZone };
    // on a 12-hour clock the hour has no leading zero ('9:30 PM'); on a 24-hour one it has ('08:30')
    if ('hour' in options && new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hour12) options.hour = 'numeric';
    f = new Intl.DateTimeFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

const capital = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1);

/** A day written out: 'Mardi 14 juillet', 'Tuesday 14 July'. */
export const dayLabel = (epoch: number, lang: Lang, timeZone: string) => capital(format(lang, timeZone, 'long').format(new Date(epoch * 1000)));

/** A day with its year (a stay may be booked for next season): 'Samedi 4 juillet 2026'. */
export const dateLabel = (epoch: number, lang: Lang, timeZone: string) => capital(format(lang, timeZone, 'year').format(new Date(epoch * 1000)));

/** A time as the phone writes it: '08:30', '21:00' (en-GB, fr…), '9:30 PM' (en-US). */
export const timeLabel = (epoch: number, lang: Lang, timeZone: string) => format(lang, timeZone, 'time').format(new Date(epoch * 1000));

/**
 * The day of a date as every screen writes it: 'Aujourd'hui' and 'Demain' (in the guest's language) for
 * today and tomorrow in the establishment's time zone, else the day itself, long ('Jeudi 16 juillet') or
 * short ('Jeu. 16').
 */
export function whenLabel(epoch: number, lang: Lang, timeZone: string, now: number, style: 'long' | 'short' = 'long'): string {
  const today = dayStart(now, timeZone);
  const tomorrow = dayStart(now, timeZone, 1);
  if (epoch >= today && epoch < tomorrow) return word(lang, 'today');
  if (epoch >= tomorrow && epoch < dayStart(now, timeZone, 2)) return word(lang, 'tomorrow');
  return style === 'long' ? dayLabel(epoch, lang, timeZone) : capital(format(lang, timeZone, 'short').format(new Date(epoch * 1000)));
}

/** A message's day and time ('12 juil., 14:05'; '12 Jul, 14:05' on an en-GB phone). */
export const dayTimeLabel = (epoch: number, lang: Lang, timeZone: string) => format(lang, timeZone, 'dayTime').format(new Date(epoch * 1000));

export const nowSeconds = () => Math.floor(Date.now() / 1000);
