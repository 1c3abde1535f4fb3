import { epochToZoned, zonedTimeToEpoch } from './zoned';
import { WEEKDAYS } from './schedule';

/**
 * The booking engine's arithmetic (issue 22), pure: open dates and hours in, epoch ranges out. The server
 * only loads rows, locks, and calls these. Times are epoch seconds; wall-clock times are read in the
 * establishment's time zone, one by one, so that a 10:00 slot is 10:00 on both sides of a DST change.
 *
 * Around the changes (Europe/Paris, 2026-03-29 and 2026-10-25):
 * - a grid start that does not exist (02:30 in March) is not offered: the slot would start at 03:30 and
 *   clash with the real 03:30;
 * - a grid start seen twice (02:30 in October) is offered once, at its first instant (summer time);
 * - a slot lasts its duration in real time, so it may end at another wall time than planned on those nights;
 * - an opening bound that does not exist moves forward by the gap (as zonedTimeToEpoch does).
 */

export interface TimeRange {
  start: number;
  end: number;
}
export interface Period {
  start_day: number;
  start_month: number;
  end_day: number;
  end_month: number;
}
export type Hours = Record<(typeof WEEKDAYS)[number], boolean> & { start_hour: number; start_minute: number; end_hour: number; end_minute: number };
export interface Openings {
  dates: readonly Period[];
  hours: readonly Hours[];
}
export interface LocalDay {
  year: number;
  month: number;
  day: number;
  /** 0 = Monday */
  weekday: number;
}

/** `count` local days from the day holding `from`. */
export function localDays(from: number, count: number, timeZone: string): LocalDay[] {
  const first = epochToZoned(from, timeZone);
  const out: LocalDay[] = [];
  for (let i = 0; i < count; i++) {
    const d = new Date(Date.UTC(first.year, first.month - 1, first.day + i));
    out.push({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: (d.getUTCDay() + 6) % 7 });
  }
  return out;
}

/** Inside one of the yearly periods, both ends included. */
export function inPeriods(periods: readonly Period[], month: number, day: number): boolean {
  const at = month * 100 + day;
  return periods.some((p) => p.start_month * 100 + p.start_day <= at && at <= p.end_month * 100 + p.end_day);
}

/**
 * Wall-clock minutes of a day → epoch seconds. A day without a change (all but two a year) is a fixed
 * offset; on a change day each time is converted on its own, and `exact` says whether it exists as written.
 */
export function dayClock(d: LocalDay, timeZone: string) {
  const at = (minutes: number) => zonedTimeToEpoch(d.year, d.month, d.day, Math.floor(minutes / 60), minutes % 60, timeZone);
  const { midnight, steady } = dayShape(d, timeZone, at);
  return {
    /** the instant of a wall time; one that does not exist moves forward by the gap */
    at: (minutes: number) => (steady ? midnight + minutes * 60 : at(minutes)),
    /** the instant of a wall time that exists (its first one when seen twice), else null */
    exact(minutes: number): number | null {
      if (steady) return midnight + minutes * 60;
      const t = at(minutes);
      const back = epochToZoned(t, timeZone);
      return back.hour * 60 + back.minute === minutes && back.day === d.day ? t : null;
    },
  };
}

// A day's midnight and whether its offset holds all day, kept: Intl's conversions cost microseconds each,
// and a month of slots for five workers asks the same days again and again.
const shapes = new Map<string, { midnight: number; steady: boolean }>();
function dayShape(d: LocalDay, timeZone: string, at: (minutes: number) => number) {
  const key = `${timeZone}|${d.year}-${d.month}-${d.day}`;
  let shape = shapes.get(key);
  if (!shape) {
    if (shapes.size > 20_000) shapes.clear();
    const midnight = at(0);
    shape = { midnight, steady: at(23 * 60 + 59) - midnight === (23 * 60 + 59) * 60 };
    shapes.set(key, shape);
  }
  return shape;
}

const minutesOf = (h: number, m: number) => h * 60 + m;
const ticked = (h: Hours, weekday: number) => h[WEEKDAYS[weekday]];

/** The open ranges of some openings over the days, merged where they touch. */
export function openRanges(o: Openings, days: readonly LocalDay[], timeZone: string): TimeRange[] {
  const out: TimeRange[] = [];
  for (const d of days) {
    if (!inPeriods(o.dates, d.month, d.day)) continue;
    const hours = o.hours.filter((h) => ticked(h, d.weekday));
    if (hours.length === 0) continue;
    const clock = dayClock(d, timeZone);
    for (const h of hours) out.push({ start: clock.at(minutesOf(h.start_hour, h.start_minute)), end: clock.at(minutesOf(h.end_hour, h.end_minute)) });
  }
  return mergeRanges(out);
}

export function mergeRanges(ranges: TimeRange[]): TimeRange[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start);
  const out: TimeRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** [start, end) lies inside one of the (merged) ranges. */
export function covers(ranges: readonly TimeRange[], start: number, end: number): boolean {
  return ranges.some((r) => r.start <= start && end <= r.end);
}

export const overlaps = (a: TimeRange, b: TimeRange) => a.start < b.end && b.start < a.end;

/**
 * The grid of a benefit: from each open-hours start, every duration + interval (wall-clock minutes), the
 * slots that end by the hours' end. Slots of two hours ranges of a day each start from their own range.
 */
export function gridSlots(o: Openings & { duration: number; interval: number }, days: readonly LocalDay[], timeZone: string): TimeRange[] {
  const step = o.duration + o.interval;
  if (o.duration <= 0 || step <= 0) return [];
  const out: TimeRange[] = [];
  for (const d of days) {
    if (!inPeriods(o.dates, d.month, d.day)) continue;
    const hours = o.hours.filter((h) => ticked(h, d.weekday));
    if (hours.length === 0) continue;
    const clock = dayClock(d, timeZone);
    for (const h of hours) {
      const close = minutesOf(h.end_hour, h.end_minute);
      const closeAt = clock.at(close);
      for (let m = minutesOf(h.start_hour, h.start_minute); m + o.duration <= close; m += step) {
        const start = clock.exact(m);
        if (start === null) continue;
        const end = start + o.duration * 60;
        if (end <= closeAt) out.push({ start, end });
      }
    }
  }
  const seen = new Set<number>();
  return out.sort((a, b) => a.start - b.start).filter((r) => !seen.has(r.start) && !!seen.add(r.start));
}

export interface Booked extends TimeRange {
  worker: string;
  benefit: string;
}
export interface WorkerOpenings extends Openings {
  id: string;
}

/**
 * Places a worker has left for `benefit` on [start, end): null = no limit, 0 = none. None when they are
 * booked on another benefit at that time (a worker is never in two benefits at once).
 */
export function placesLeft(worker: string, benefit: string, simultaneous: number | null, slot: TimeRange, bookings: readonly Booked[]): number | null {
  let taken = 0;
  for (const b of bookings) {
    if (b.worker !== worker || !overlaps(b, slot)) continue;
    if (b.benefit !== benefit) return 0;
    taken++;
  }
  return simultaneous === null ? null : Math.max(0, simultaneous - taken);
}

/** No booking lasts a day (12 h 55 at most): those that may overlap a slot start at most a day before it. */
const LONGEST = 86400;
const byStart = (list: readonly Booked[]) => [...list].sort((a, b) => a.start - b.start);
/** The bookings (sorted by start) that may overlap the slot, found by bisection rather than a walk through all. */
function near(sorted: readonly Booked[], slot: TimeRange): readonly Booked[] {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid].start < slot.start - LONGEST) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < sorted.length && sorted[end].start < slot.end) end++;
  return sorted.slice(lo, end);
}

export interface SlotQuestion {
  benefit: Openings & { id: string; duration: number; interval: number; simultaneous: number | null };
  /** the service's own open dates and hours, when it has both: they bound the benefit's */
  service: Openings | null;
  workers: readonly WorkerOpenings[];
  bookings: readonly Booked[];
  days: readonly LocalDay[];
  /** the first start allowed: now plus the cut-off */
  notBefore: number;
  timeZone: string;
  /**
   * only the slot starting at this instant, if it is one (a booking): the same rule, without counting the
   * places of the day's other slots
   */
  at?: number;
}
export interface OpenSlot extends TimeRange {
  /** places over all workers, null = no limit */
  places: number | null;
  /** the workers with a place, and theirs */
  workers: { id: string; places: number | null }[];
}

/** The bookable slots of a benefit: on its grid, open for the service and a worker, after notBefore, with a place. */
export function freeSlots(q: SlotQuestion): OpenSlot[] {
  const grid = gridSlots(q.benefit, q.days, q.timeZone);
  const bounds = q.service && q.service.dates.length > 0 && q.service.hours.length > 0 ? openRanges(q.service, q.days, q.timeZone) : null;
  const open = q.workers.map((w) => ({ id: w.id, ranges: openRanges(w, q.days, q.timeZone), bookings: byStart(q.bookings.filter((b) => b.worker === w.id)) }));
  const out: OpenSlot[] = [];
  for (const slot of grid) {
    if (q.at !== undefined && slot.start !== q.at) continue;
    if (slot.start < q.notBefore || (bounds && !covers(bounds, slot.start, slot.end))) continue;
    const workers: OpenSlot['workers'] = [];
    for (const w of open) {
      if (!covers(w.ranges, slot.start, slot.end)) continue;
      const places = placesLeft(w.id, q.benefit.id, q.benefit.simultaneous, slot, near(w.bookings, slot));
      if (places !== 0) workers.push({ id: w.id, places });
    }
    if (workers.length === 0) continue;
    const places = workers.some((w) => w.places === null) ? null : workers.reduce((n, w) => n + (w.places ?? 0), 0);
    out.push({ ...slot, places, workers });
  }
  return out;
}
