import { describe, expect, it } from 'vitest';
import { zonedTimeToEpoch } from '@campsite/shared';
import { byStartDay, monthRange, monthWeeks, shiftMonth, timeOf } from './calendar';

describe('month grid', () => {
  it('wraps the year both ways', () => {
    expect(shiftMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2025, month: 6 }, 0)).toEqual({ year: 2025, month: 6 });
  });

  it('starts weeks on Monday: October 2025 begins on a Wednesday and fills 5 rows', () => {
    const weeks = monthWeeks({ year: 2025, month: 10 });
    expect(weeks[0]).toEqual([null, null, 1, 2, 3, 4, 5]);
    expect(weeks).toHaveLength(5);
    expect(weeks[4]).toEqual([27, 28, 29, 30, 31, null, null]);
    // September 2025 begins on a Monday
    expect(monthWeeks({ year: 2025, month: 9 })[0][0]).toBe(1);
  });

  it('places an occurrence by its local day, not the browser zone: 00:30 in Paris is still that day', () => {
    const tz = 'Europe/Paris';
    const lateNight = zonedTimeToEpoch(2025, 10, 26, 0, 30, tz); // 25 Oct 22:30 UTC
    const evening = zonedTimeToEpoch(2025, 10, 26, 21, 0, tz);
    const days = byStartDay([{ start: evening }, { start: lateNight }], tz);
    expect(days.get(26)?.map((d) => timeOf(d.start, tz))).toEqual(['00:30', '21:00']);
    expect(days.has(25)).toBe(false);
    const { from, to } = monthRange({ year: 2025, month: 10 }, tz);
    expect(to - from).toBe(31 * 86400 + 3600);
  });
});
