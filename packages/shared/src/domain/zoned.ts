/**
 * Wall-clock <-> epoch conversions for an IANA time zone, with Intl.DateTimeFormat only, so the same
 * code runs in the browser and on the server (the establishment's zone, not the machine's, decides
 * what "21:00" means).
 */

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Monday … 6 = Sunday: the product's weeks start on Monday (001 §9). */
  weekday: number;
}

// Building a formatter is costly; calendar grids convert hundreds of instants per render.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      era: 'short', // keeps years before 1 CE unambiguous; ignored below
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Monday-based weekday (0..6) of a calendar date, independent of any zone. */
export function weekdayOf(year: number, month: number, day: number): number {
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** Number of days in a month (month 1..12), leap years included. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The wall-clock reading of an instant (epoch seconds) in `timeZone`. */
export function epochToZoned(epochSeconds: number, timeZone: string): ZonedParts {
  const values: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(Math.floor(epochSeconds) * 1000))) {
    if (p.type !== 'literal' && p.type !== 'era') values[p.type] = Number(p.value);
  }
  // Some ICU versions still print midnight as 24 despite h23.
  const hour = values.hour === 24 ? 0 : values.hour;
  const { year, month, day } = values;
  return { year, month, day, hour, minute: values.minute, second: values.second, weekday: weekdayOf(year, month, day) };
}

/** Offset of the zone from UTC at an instant, in seconds (Paris in summer: 7200). */
function offsetAt(epochSeconds: number, timeZone: string): number {
  const p = epochToZoned(epochSeconds, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) / 1000 - Math.floor(epochSeconds);
}

/**
 * Epoch seconds of a local wall-clock time in `timeZone` (month 1..12).
 * Around DST changes: an ambiguous time (autumn, the hour seen twice) resolves to the earlier instant;
 * a time that does not exist (spring gap) is moved forward by the gap (02:30 → 03:30 in Paris),
 * like Temporal's 'compatible' disambiguation.
 */
export function zonedTimeToEpoch(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): number {
  // The wall time read as if it were UTC; the real instant is this minus the zone offset.
  const asUtc = Date.UTC(year, month - 1, day, hour, minute) / 1000;
  // Offsets a day either side cover the two regimes of any DST change that day.
  const before = offsetAt(asUtc - 86400, timeZone);
  const after = offsetAt(asUtc + 86400, timeZone);
  const candidates = [...new Set([before, after])]
    .map((o) => asUtc - o)
    .filter((t) => offsetAt(t, timeZone) === asUtc - t)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return candidates[0];
  // In the gap: apply the offset in force before the change, which lands after it.
  return asUtc - before;
}
