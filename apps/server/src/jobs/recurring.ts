import { epochToZoned, zonedTimeToEpoch } from '@campsite/shared';
import type { NextRun } from './scheduler';

/**
 * Every day at hour:minute of the establishment's wall clock (TIME_ZONE): the next such instant strictly
 * after `after`. Across a DST change the wall time holds (10:30 stays 10:30); a time that does not exist
 * that day (the spring gap) moves forward by the gap.
 */
export function dailyAt(hour: number, minute: number, timeZone: string): (after: number) => number {
  return (after) => {
    const p = epochToZoned(after, timeZone);
    for (let add = 0; add < 3; add++) {
      const d = new Date(Date.UTC(p.year, p.month - 1, p.day + add));
      const t = zonedTimeToEpoch(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), hour, minute, timeZone);
      if (t > after) return t;
    }
    throw new Error('unreachable: a day has passed');
  };
}

/**
 * Every `seconds`, on multiples of it since the epoch, so that every instance computes the same
 * instants (an hourly job runs at :00, whichever instance queued it).
 */
export function every(seconds: number): NextRun {
  return (after) => (Math.floor(after / seconds) + 1) * seconds;
}

/** 'HH:MM', 'HHMM' or 'HH' (the PMS period '1030') as hour and minute, or null. */
export function parseHour(text: string): { hour: number; minute: number } | null {
  const m = /^\s*(\d{1,2})(?::?(\d{2}))?\s*$/.exec(text);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}
