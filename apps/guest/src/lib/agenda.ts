import { epochToZoned, zonedTimeToEpoch } from '@campsite/shared/domain/zoned';
import type { AnimationDate } from '@campsite/shared/contract/activities';

/** How far the agenda looks ahead; the home and the agenda ask the same window, so one read serves both. */
export const AGENDA_DAYS = 14;

/** Midnight of the day `n` days after today, in the establishment's time zone (epoch seconds). */
export function dayStart(now: number, timeZone: string, n = 0): number {
  const p = epochToZoned(now, timeZone);
  return zonedTimeToEpoch(p.year, p.month, p.day + n, 0, 0, timeZone);
}

/**
 * The dates to read: from the start of yesterday in UTC, for 16 days. It does not depend on the time
 * zone, so it can be asked before the settings arrive, and it covers today and the next two weeks in any
 * zone; the address stays the same all day, so the answer kept offline is found again.
 */
export function agendaWindow(now: number) {
  const from = Math.floor(now / 86400) * 86400 - 86400;
  return { from, to: from + (AGENDA_DAYS + 2) * 86400 };
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

const formats = new Map<string, Intl.DateTimeFormat>();
function format(lang: string, timeZone: string, kind: 'day' | 'time'): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    f =
      kind === 'day'
        ? new Intl.DateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', timeZone })
        : new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', hourCycle: lang === 'en' ? 'h12' : 'h23', timeZone });
    formats.set(key, f);
  }
  return f;
}

export const dayLabel = (epoch: number, lang: string, timeZone: string) => {
  const s = format(lang, timeZone, 'day').format(new Date(epoch * 1000));
  return s.charAt(0).toUpperCase() + s.slice(1);
};
export const timeLabel = (epoch: number, lang: string, timeZone: string) => format(lang, timeZone, 'time').format(new Date(epoch * 1000));

export const nowSeconds = () => Math.floor(Date.now() / 1000);
