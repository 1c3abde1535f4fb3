import { changePercent, statChange, statNumber, statPercent } from '@campsite/shared';

/** '12 345' (a narrow no-break space between thousands), '4,5' */
export const fr = statNumber;
/** '12 %' (a narrow no-break space before the sign), the one percent style of the screen */
export const pct = statPercent;
export const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

const at = (day: string) => new Date(`${day}T12:00:00Z`);
const fmt = (opts: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', ...opts });
const short = fmt({ day: 'numeric', month: 'short' });
const weekday = fmt({ weekday: 'short', day: 'numeric', month: 'short' });
const long = fmt({ day: 'numeric', month: 'long', year: 'numeric' });

/** '2 nov.', or 'lun. 2 nov.' when the chart shows a week or two. */
export const dayLabel = (day: string, withWeekday = false) => (withWeekday ? weekday : short).format(at(day));
export const longDay = (day: string) => long.format(at(day));
/** 'du 2 novembre 2026 au 8 novembre 2026' */
export const periodText = (from: string, to: string) => (from === to ? `le ${longDay(from)}` : `du ${longDay(from)} au ${longDay(to)}`);

/** 'comparé à la période du … au …', or for one day 'comparé au …' (a Monday's week so far against the Monday before). */
export const comparedText = (from: string, to: string) => (from === to ? `comparé au ${longDay(from)}` : `comparé à la période du ${longDay(from)} au ${longDay(to)}`);

/** '+12 %', '−5 %', '=' or null (nothing before to compare with). */
export function changeText(current: number, previous: number): { text: string; tone: 'up' | 'down' | 'same' } | null {
  const p = changePercent(current, previous);
  if (p === null) return null;
  if (p === 0) return { text: '=', tone: 'same' };
  return { text: statChange(p), tone: p > 0 ? 'up' : 'down' };
}
