import { daysInMonth, epochToZoned, weekdayOf, zonedTimeToEpoch } from '@campsite/shared';

export const WEEKDAY_HEADERS = ['Lun.', 'Mar.', 'Mer.', 'Jeu.', 'Ven.', 'Sam.', 'Dim.'] as const;
export const MONTH_NAMES = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'] as const;

export interface YearMonth {
  year: number;
  /** 1..12 */
  month: number;
}

/** The month before or after, wrapping the year. */
export function shiftMonth({ year, month }: YearMonth, delta: number): YearMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month an instant falls in, read in the establishment's zone. */
export function monthOf(epochSeconds: number, timeZone: string): YearMonth {
  const p = epochToZoned(epochSeconds, timeZone);
  return { year: p.year, month: p.month };
}

/** [from, to) in epoch seconds: local midnight of the 1st to local midnight of the next month's 1st. */
export function monthRange(ym: YearMonth, timeZone: string): { from: number; to: number } {
  const next = shiftMonth(ym, 1);
  return {
    from: zonedTimeToEpoch(ym.year, ym.month, 1, 0, 0, timeZone),
    to: zonedTimeToEpoch(next.year, next.month, 1, 0, 0, timeZone),
  };
}

/**
 * The weeks of a month, Monday first: each a row of 7 day numbers, null outside the month.
 */
export function monthWeeks({ year, month }: YearMonth): (number | null)[][] {
  const lead = weekdayOf(year, month, 1);
  const days = daysInMonth(year, month);
  const cells: (number | null)[] = [...Array<null>(lead).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Items by the local day of their start (1..31), each day's list in start order. */
export function byStartDay<T extends { start: number }>(items: readonly T[], timeZone: string): Map<number, T[]> {
  const days = new Map<number, T[]>();
  for (const item of [...items].sort((a, b) => a.start - b.start)) {
    const day = epochToZoned(item.start, timeZone).day;
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return days;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** hh:mm of an instant in the establishment's zone. */
export function timeOf(epochSeconds: number, timeZone: string): string {
  const p = epochToZoned(epochSeconds, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}
