import { epochToZoned, zonedTimeToEpoch } from '@campsite/shared';

/** Midnight of a calendar day `offset` days after the one of `now`, in the establishment's zone. */
export function midnight(now: number, timeZone: string, offset = 0): number {
  const d = epochToZoned(now, timeZone);
  // Date.UTC (under zonedTimeToEpoch) carries a day past the month's end over to the next month
  return zonedTimeToEpoch(d.year, d.month, d.day + offset, 0, 0, timeZone);
}

/** The bounds the tiles filter on: today, tomorrow and the week (Monday to Monday), as midnights. */
export function dayBounds(now: number, timeZone: string) {
  const weekday = epochToZoned(now, timeZone).weekday;
  return {
    today: midnight(now, timeZone),
    tomorrow: midnight(now, timeZone, 1),
    afterTomorrow: midnight(now, timeZone, 2),
    weekStart: midnight(now, timeZone, -weekday),
    weekEnd: midnight(now, timeZone, 7 - weekday),
  };
}

/** A list's address with its filters, as the list reads them back (components/list/useListQuery). */
export function listLink(path: string, filters: Record<string, number | boolean>): string {
  const q = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, v === true ? '1' : String(v)]));
  return `${path}?${q}`;
}

/** '0 séjour', '1 séjour', '2 séjours': French takes the singular below 2. */
export const count = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n < 2 ? one : many}`;

/** Guest accounts per stay, as a whole percentage; none without stays. */
export const adoption = (accounts: number, stays: number) => (stays > 0 ? `${Math.round((accounts / stays) * 100)} %` : '—');
