import { epochToZoned, zonedTimeToEpoch } from '@campsite/shared';

/** A day chosen with three selects (002 §2: day, month 0-based, year from 2019): '' when not chosen. */
export interface DayParts {
  d: string;
  m: string;
  y: string;
}
export const NO_DAY: DayParts = { d: '', m: '', y: '' };

export const FIRST_YEAR = 2019;
export const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

const lastDay = (y: number, m0: number) => new Date(Date.UTC(y, m0 + 1, 0)).getUTCDate();

/**
 * The bound of a range as the server takes it: 'after' is the midnight starting the day (inclusive),
 * 'before' the midnight ending it (exclusive). A bound with only a year (or a year and a month) covers
 * the whole year (or month). Without a year there is no bound.
 */
export function boundOf(p: DayParts, side: 'after' | 'before', timeZone: string): number | undefined {
  if (!p.y) return undefined;
  const y = Number(p.y);
  const m0 = p.m === '' ? (side === 'after' ? 0 : 11) : Number(p.m);
  const d = p.d === '' ? (side === 'after' ? 1 : lastDay(y, m0)) : Math.min(Number(p.d), lastDay(y, m0));
  const start = zonedTimeToEpoch(y, m0 + 1, d, 0, 0, timeZone);
  if (side === 'after') return start;
  const next = new Date(Date.UTC(y, m0, d + 1));
  return zonedTimeToEpoch(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, timeZone);
}

/** The parts a bound of the address shows in the selects. */
export function partsOf(epoch: number | undefined, side: 'after' | 'before', timeZone: string): DayParts {
  if (epoch === undefined || Number.isNaN(epoch)) return NO_DAY;
  const p = epochToZoned(side === 'after' ? epoch : epoch - 1, timeZone);
  return { d: String(p.day), m: String(p.month - 1), y: String(p.year) };
}
