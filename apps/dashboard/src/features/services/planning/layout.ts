import { epochToZoned, zonedTimeToEpoch } from '@campsite/shared';

/** 001 §9: the planning's rows are 10 minutes; a time label every 6th row. */
export const STEP = 600;
export const LABEL_EVERY = 6;

/** What the layout needs of a booking (the contract's reservation carries more). */
export interface Placed {
  _id: string;
  service_worker: string;
  service_benefit: string;
  start: number;
  end: number;
  from: string;
}

/** A block drawn in a worker's column: one booking, or in list mode the overlapping bookings of one benefit. */
export interface Block<B extends Placed> {
  key: string;
  worker: string;
  benefit: string;
  start: number;
  end: number;
  bookings: B[];
  /** first row (0 = the first row shown) and rows covered */
  row: number;
  span: number;
  /** side by side with the blocks it overlaps: its lane among `lanes` */
  lane: number;
  lanes: number;
}

export interface Day {
  year: number;
  month: number;
  day: number;
}

/** The instants a wall-clock day covers in the zone: 23 or 25 hours on the days the clocks change. */
export function dayBounds(d: Day, timeZone: string): { start: number; end: number } {
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return {
    start: zonedTimeToEpoch(d.year, d.month, d.day, 0, 0, timeZone),
    end: zonedTimeToEpoch(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, timeZone),
  };
}

export function shiftDay(d: Day, by: number): Day {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + by));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function dayOf(epoch: number, timeZone: string): Day {
  const p = epochToZoned(epoch, timeZone);
  return { year: p.year, month: p.month, day: p.day };
}

export const hhmm = (epoch: number, timeZone: string) => {
  const p = epochToZoned(epoch, timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};

/**
 * The rows shown: from the first hour anything can happen that day to the last, never less than
 * 08:00–20:00, whole hours so that the labels fall on the hour. Rows are instants 10 minutes apart,
 * so a 25-hour day shows the repeated hour twice and a 23-hour day skips the missing one.
 */
export function visibleRows(day: Day, busy: { start: number; end: number }[], timeZone: string, hours = { from: 8, to: 20 }): number[] {
  const bounds = dayBounds(day, timeZone);
  // wall-clock hours, not offsets from midnight: 08:00 stays 08:00 on the days the clocks change
  let from = zonedTimeToEpoch(day.year, day.month, day.day, hours.from, 0, timeZone);
  let to = zonedTimeToEpoch(day.year, day.month, day.day, hours.to, 0, timeZone);
  for (const b of busy) {
    from = Math.min(from, Math.max(bounds.start, b.start));
    to = Math.max(to, Math.min(bounds.end, b.end));
  }
  // whole hours of the zone (offsets of this zone are whole hours or halves: step back to a label)
  while (epochToZoned(from, timeZone).minute !== 0 && from > bounds.start) from -= STEP;
  to = Math.min(bounds.end, to);
  const rows: number[] = [];
  for (let t = from; t < to; t += STEP) rows.push(t);
  return rows;
}

/**
 * The blocks of a day, column by column (001 §4 'Planning display'): each booking its own block, or in
 * list mode the bookings of one benefit that overlap (directly or through another) merged into one.
 * Blocks that overlap share the column's width; each gets a lane.
 */
export function layoutDay<B extends Placed>(bookings: B[], rows: number[], listMode: boolean): Block<B>[] {
  if (rows.length === 0) return [];
  const first = rows[0];
  const last = rows[rows.length - 1] + STEP;
  const shown = bookings.filter((b) => b.end > first && b.start < last).sort((a, b) => a.start - b.start || a.end - b.end || a._id.localeCompare(b._id));
  const byWorker = new Map<string, B[]>();
  for (const b of shown) byWorker.set(b.service_worker, [...(byWorker.get(b.service_worker) ?? []), b]);

  const out: Block<B>[] = [];
  for (const [worker, list] of byWorker) {
    const groups = listMode ? mergeByBenefit(list) : list.map((b) => [b]);
    const blocks = groups
      .map((g) => ({ bookings: g, start: Math.min(...g.map((b) => b.start)), end: Math.max(...g.map((b) => b.end)) }))
      .sort((a, b) => a.start - b.start || a.end - b.end);
    out.push(...assignLanes(blocks).map(({ bookings: g, start, end, lane, lanes }) => {
      const from = Math.max(start, first);
      const to = Math.min(end, last);
      return {
        key: g.map((b) => b._id).join('+'),
        worker,
        benefit: g[0].service_benefit,
        start,
        end,
        bookings: g,
        row: Math.floor((from - first) / STEP),
        span: Math.max(1, Math.ceil((to - from) / STEP)),
        lane,
        lanes,
      };
    }));
  }
  return out;
}

/** List mode: per benefit, bookings chained by overlap become one group (sorted by start). */
export function mergeByBenefit<B extends Placed>(list: B[]): B[][] {
  const byBenefit = new Map<string, B[]>();
  for (const b of list) byBenefit.set(b.service_benefit, [...(byBenefit.get(b.service_benefit) ?? []), b]);
  const groups: B[][] = [];
  for (const items of byBenefit.values()) {
    const sorted = [...items].sort((a, b) => a.start - b.start);
    let current: B[] = [];
    let end = -Infinity;
    for (const b of sorted) {
      if (current.length && b.start >= end) {
        groups.push(current);
        current = [];
        end = -Infinity;
      }
      current.push(b);
      end = Math.max(end, b.end);
    }
    if (current.length) groups.push(current);
  }
  return groups;
}

/** Lanes within clusters of overlapping blocks: the first free lane, and the cluster's width for all. */
function assignLanes<T extends { start: number; end: number }>(blocks: T[]): (T & { lane: number; lanes: number })[] {
  const out: (T & { lane: number; lanes: number })[] = [];
  let cluster: (T & { lane: number; lanes: number })[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -Infinity;
  const close = () => {
    for (const c of cluster) c.lanes = laneEnds.length;
    out.push(...cluster);
    cluster = [];
    laneEnds = [];
  };
  for (const b of blocks) {
    if (cluster.length && b.start >= clusterEnd) close();
    let lane = laneEnds.findIndex((e) => e <= b.start);
    if (lane < 0) lane = laneEnds.push(b.end) - 1;
    else laneEnds[lane] = b.end;
    cluster.push({ ...b, lane, lanes: 1 });
    clusterEnd = cluster.length === 1 ? b.end : Math.max(clusterEnd, b.end);
  }
  if (cluster.length) close();
  return out;
}

/**
 * Places left at an instant for a worker and a benefit: its `simultaneous` less the bookings of that
 * benefit with that worker covering the instant (null: no limit).
 */
export function placesLeft(bookings: Placed[], worker: string, benefit: string, simultaneous: number | null, at: number): number | null {
  if (simultaneous === null) return null;
  const taken = bookings.filter((b) => b.service_worker === worker && b.service_benefit === benefit && b.start <= at && b.end > at).length;
  return Math.max(0, simultaneous - taken);
}

/** The fewest places left while a block lasts: the count changes only where a booking starts. */
export function fewestPlacesLeft(bookings: Placed[], worker: string, benefit: string, simultaneous: number | null, start: number, end: number): number | null {
  const instants = [start, ...bookings.filter((b) => b.service_worker === worker && b.service_benefit === benefit && b.start > start && b.start < end).map((b) => b.start)];
  const left = instants.map((t) => placesLeft(bookings, worker, benefit, simultaneous, t));
  return left.includes(null) ? null : Math.min(...(left as number[]));
}

/**
 * Where 'Nouvelle réservation' starts (issue 32): on today, the next 10-minute mark after now; on another day,
 * 09:00 of it (staff change the time in the form). A past day gives today's: a booking is never in the past.
 */
export function newBookingStart(d: Day, now: number, timeZone: string): number {
  const today = dayOf(now, timeZone);
  const key = (x: Day) => x.year * 10000 + x.month * 100 + x.day;
  if (key(d) > key(today)) return zonedTimeToEpoch(d.year, d.month, d.day, 9, 0, timeZone);
  return Math.floor(now / 600) * 600 + 600;
}
