import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

const at = (...a: [number, number, number, number?, number?, number?]) => Date.UTC(...a) / 1000;

describe('formatDate / formatDateTime', () => {
  it('formats in the given zone, padded', () => {
    expect(formatDate(at(2026, 0, 5, 12), 'Europe/Paris')).toBe('05/01/2026');
    expect(formatDateTime(at(2026, 0, 5, 8, 3, 9), 'Europe/Paris')).toBe('05/01/2026 09:03:09');
  });

  it('uses the zone for the date near midnight', () => {
    expect(formatDate(at(2026, 6, 14, 22, 30), 'Europe/Paris')).toBe('15/07/2026');
    expect(formatDate(at(2026, 6, 14, 22, 30), 'UTC')).toBe('14/07/2026');
  });

  it('prints midnight as 00', () => {
    expect(formatDateTime(at(2026, 11, 31, 23), 'Europe/Paris')).toBe('01/01/2027 00:00:00');
  });

  it('follows DST', () => {
    expect(formatDateTime(at(2026, 9, 25, 20), 'Europe/Paris')).toBe('25/10/2026 21:00:00');
    expect(formatDateTime(at(2026, 2, 29, 19), 'Europe/Paris')).toBe('29/03/2026 21:00:00');
  });
});
