import { describe, expect, it } from 'vitest';
import { zonedTimeToEpoch } from '@campsite/shared';
import { dayBounds, fewestPlacesLeft, hhmm, layoutDay, mergeByBenefit, placesLeft, visibleRows, type Placed } from './layout';

const tz = 'Europe/Paris';
const at = (h: number, m = 0, day = 15) => zonedTimeToEpoch(2026, 7, day, h, m, tz);
let n = 0;
const booking = (worker: string, benefit: string, from: [number, number], to: [number, number], origin = 'dashboard'): Placed => ({
  _id: `b${++n}`,
  service_worker: worker,
  service_benefit: benefit,
  start: at(...from),
  end: at(...to),
  from: origin,
});

describe('planning rows', () => {
  it('shows 08:00 to 20:00 by default, a row every 10 minutes', () => {
    const rows = visibleRows({ year: 2026, month: 7, day: 15 }, [], tz);
    expect(rows).toHaveLength(72);
    expect(hhmm(rows[0], tz)).toBe('08:00');
    expect(hhmm(rows[71], tz)).toBe('19:50');
  });

  it('widens to a booking outside those hours, from its whole hour', () => {
    const early = booking('w1', 'k', [6, 40], [7, 30]);
    const rows = visibleRows({ year: 2026, month: 7, day: 15 }, [early], tz);
    expect(hhmm(rows[0], tz)).toBe('06:00');
  });

  it('keeps a 10:00 row at 10:00 on both changes of 2026 (23 and 25 hour days)', () => {
    for (const day of [{ year: 2026, month: 3, day: 29 }, { year: 2026, month: 10, day: 25 }]) {
      const rows = visibleRows(day, [], tz);
      expect(rows.map((r) => hhmm(r, tz))).toContain('10:00');
      expect(rows.map((r) => hhmm(r, tz))).toContain('14:30');
      expect(hhmm(rows[0], tz)).toBe('08:00');
    }
    const spring = dayBounds({ year: 2026, month: 3, day: 29 }, tz);
    const autumn = dayBounds({ year: 2026, month: 10, day: 25 }, tz);
    expect(spring.end - spring.start).toBe(23 * 3600);
    expect(autumn.end - autumn.start).toBe(25 * 3600);
  });
});

describe('planning blocks', () => {
  const rows = visibleRows({ year: 2026, month: 7, day: 15 }, [], tz);

  it('places a booking on its rows: 10:00–11:00 is rows 12 to 17', () => {
    const [block] = layoutDay([booking('w1', 'kayak', [10, 0], [11, 0])], rows, false);
    expect(block).toMatchObject({ worker: 'w1', row: 12, span: 6, lane: 0, lanes: 1 });
  });

  it('puts overlapping bookings side by side and a later one back to full width', () => {
    const a = booking('w1', 'kayak', [10, 0], [11, 0]);
    const b = booking('w1', 'kayak', [10, 30], [11, 30]);
    const c = booking('w1', 'massage', [10, 40], [11, 0]);
    const d = booking('w1', 'kayak', [14, 0], [15, 0]);
    const other = booking('w2', 'kayak', [10, 0], [11, 0]);
    const blocks = layoutDay([d, c, b, a, other], rows, false);
    const of = (x: Placed) => blocks.find((k) => k.bookings[0]._id === x._id)!;
    expect([of(a).lane, of(b).lane, of(c).lane]).toEqual([0, 1, 2]);
    expect([of(a).lanes, of(b).lanes, of(c).lanes]).toEqual([3, 3, 3]);
    expect(of(d)).toMatchObject({ lane: 0, lanes: 1 });
    expect(of(other)).toMatchObject({ worker: 'w2', lane: 0, lanes: 1 });
  });

  it('reuses a lane freed before the next booking starts', () => {
    const a = booking('w1', 'k', [10, 0], [10, 30]);
    const b = booking('w1', 'k', [10, 10], [11, 0]);
    const c = booking('w1', 'k', [10, 30], [10, 50]);
    const blocks = layoutDay([a, b, c], rows, false);
    expect(blocks.map((x) => [x.lane, x.lanes])).toEqual([[0, 2], [1, 2], [0, 2]]);
  });

  it('in list mode merges a benefit’s chained overlaps into one block with its count, not another benefit’s', () => {
    const a = booking('w1', 'kayak', [10, 0], [11, 0]);
    const b = booking('w1', 'kayak', [10, 30], [11, 30], 'app');
    const c = booking('w1', 'kayak', [11, 20], [12, 0]);
    const apart = booking('w1', 'kayak', [12, 0], [13, 0]);
    const massage = booking('w1', 'massage', [10, 0], [11, 0]);
    const blocks = layoutDay([a, b, c, apart, massage], rows, true);
    const kayak = blocks.filter((x) => x.benefit === 'kayak');
    expect(kayak.map((x) => x.bookings.length)).toEqual([3, 1]);
    expect(kayak[0]).toMatchObject({ start: a.start, end: c.end, row: 12, span: 12 });
    const m = blocks.find((x) => x.benefit === 'massage')!;
    expect([kayak[0].lanes, m.lanes]).toEqual([2, 2]);
    expect(mergeByBenefit([apart, a])).toHaveLength(2);
  });

  it('cuts a booking that starts before the rows shown to the first row', () => {
    const wide = visibleRows({ year: 2026, month: 7, day: 15 }, [], tz);
    const prev = booking('w1', 'k', [7, 0], [10, 0]);
    const [block] = layoutDay([prev], wide.slice(6), false);
    expect(block).toMatchObject({ row: 0, span: 6 });
  });
});

describe('places left', () => {
  it('counts the benefit’s bookings of that worker covering the instant', () => {
    const list = [booking('w1', 'k', [10, 0], [11, 0]), booking('w1', 'k', [10, 30], [11, 0]), booking('w2', 'k', [10, 30], [11, 0])];
    expect(placesLeft(list, 'w1', 'k', 3, at(10, 40))).toBe(1);
    expect(placesLeft(list, 'w1', 'k', 3, at(11, 0))).toBe(3);
    expect(placesLeft(list, 'w1', 'k', 1, at(10, 40))).toBe(0);
    expect(placesLeft(list, 'w1', 'k', null, at(10, 40))).toBeNull();
    // over the first booking's hour, the fewest is while the second overlaps it
    expect(fewestPlacesLeft(list, 'w1', 'k', 3, at(10, 0), at(11, 0))).toBe(1);
  });
});
