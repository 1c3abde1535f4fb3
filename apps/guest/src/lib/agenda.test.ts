import { describe, expect, it } from 'vitest';
import { agendaWindow, byDay, dayLabel, dayStart, timeLabel } from './agenda';

const PARIS = 'Europe/Paris';
// 2026-07-14 08:00 UTC = 10:00 in Paris (summer time)
const T = Date.UTC(2026, 6, 14, 8, 0) / 1000;

describe('the agenda in the establishment’s time zone', () => {
  it('starts the day at midnight in Paris, whatever the phone’s zone', () => {
    expect(dayStart(T, PARIS)).toBe(Date.UTC(2026, 6, 13, 22, 0) / 1000);
    expect(dayStart(T, PARIS, 1)).toBe(Date.UTC(2026, 6, 14, 22, 0) / 1000);
  });

  it('reads a window that holds today and the next two weeks in any zone, the same all day', () => {
    const w = agendaWindow(T);
    for (const zone of [PARIS, 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Los_Angeles']) {
      expect(w.from).toBeLessThanOrEqual(dayStart(T, zone));
      expect(w.to).toBeGreaterThanOrEqual(dayStart(T, zone, 14));
    }
    expect(agendaWindow(Date.UTC(2026, 6, 14, 0, 0, 1) / 1000)).toEqual(agendaWindow(Date.UTC(2026, 6, 14, 23, 59) / 1000));
  });

  it('groups dates by their day in Paris: 23:30 UTC is already the next day there', () => {
    const late = Date.UTC(2026, 6, 14, 23, 30) / 1000;
    const days = byDay([{ start: late }, { start: T + 3600 }, { start: T }], PARIS);
    expect(days.map((d) => d.items.map((i) => i.start))).toEqual([[T, T + 3600], [late]]);
    expect(days[1].start).toBe(dayStart(late, PARIS));
  });

  it('writes days and times in the guest’s language, in Paris time', () => {
    expect(dayLabel(T, 'fr', PARIS)).toBe('Mardi 14 juillet');
    expect(dayLabel(T, 'de', PARIS)).toBe('Dienstag, 14. Juli');
    expect(timeLabel(T, 'fr', PARIS)).toBe('10:00');
    expect(timeLabel(T, 'nl', 'America/New_York')).toBe('04:00');
  });
});
