import { describe, expect, it } from 'vitest';
import { daysInMonth, epochToZoned, weekdayOf, zonedTimeToEpoch } from './zoned';

const iso = (s: number) => new Date(s * 1000).toISOString();
const PARIS = 'Europe/Paris';

describe('zonedTimeToEpoch', () => {
  it('converts 21:00 Paris on both DST days of 2026', () => {
    expect(iso(zonedTimeToEpoch(2026, 3, 29, 21, 0, PARIS))).toBe('2026-03-29T19:00:00.000Z');
    expect(iso(zonedTimeToEpoch(2026, 10, 25, 21, 0, PARIS))).toBe('2026-10-25T20:00:00.000Z');
  });

  it('handles the hours before the changes', () => {
    expect(iso(zonedTimeToEpoch(2026, 3, 29, 1, 0, PARIS))).toBe('2026-03-29T00:00:00.000Z');
    expect(iso(zonedTimeToEpoch(2026, 10, 25, 1, 0, PARIS))).toBe('2026-10-24T23:00:00.000Z');
  });

  it('moves a time in the spring gap forward and takes the earlier of an ambiguous autumn time', () => {
    expect(iso(zonedTimeToEpoch(2026, 3, 29, 2, 30, PARIS))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedTimeToEpoch(2026, 10, 25, 2, 30, PARIS))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('works for other zones', () => {
    expect(iso(zonedTimeToEpoch(2026, 1, 1, 0, 0, 'UTC'))).toBe('2026-01-01T00:00:00.000Z');
    expect(iso(zonedTimeToEpoch(2026, 7, 1, 12, 0, 'America/New_York'))).toBe('2026-07-01T16:00:00.000Z');
    expect(iso(zonedTimeToEpoch(2026, 7, 1, 12, 0, 'Indian/Reunion'))).toBe('2026-07-01T08:00:00.000Z');
  });
});

describe('epochToZoned', () => {
  it('reads the wall clock and a Monday-based weekday', () => {
    expect(epochToZoned(Date.UTC(2026, 9, 25, 20, 0, 5) / 1000, PARIS)).toEqual({
      year: 2026,
      month: 10,
      day: 25,
      hour: 21,
      minute: 0,
      second: 5,
      weekday: 6,
    });
    expect(epochToZoned(Date.UTC(2026, 0, 4, 23, 30) / 1000, PARIS)).toMatchObject({ day: 5, hour: 0, weekday: 0 });
  });

  it('round-trips every hour of the DST months of 2026 in Paris', () => {
    const hours = (from: number, to: number) => {
      const out: number[] = [];
      for (let t = from / 1000; t < to / 1000; t += 3600) out.push(t);
      return out;
    };
    for (const t of [...hours(Date.UTC(2026, 2, 1), Date.UTC(2026, 3, 1)), ...hours(Date.UTC(2026, 9, 1), Date.UTC(2026, 10, 1))]) {
      const p = epochToZoned(t, PARIS);
      const back = zonedTimeToEpoch(p.year, p.month, p.day, p.hour, p.minute, PARIS);
      // The repeated autumn hour maps back to its first occurrence.
      expect(back === t || back === t - 3600).toBe(true);
    }
  });
});

describe('calendar helpers', () => {
  it('weekdayOf starts weeks on Monday', () => {
    expect(weekdayOf(2026, 6, 1)).toBe(0);
    expect(weekdayOf(2026, 6, 7)).toBe(6);
  });
  it('daysInMonth knows leap years', () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 12)).toBe(31);
  });
});
