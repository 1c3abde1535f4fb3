import { describe, expect, it } from 'vitest';
import { fold, parseDay, ROOM_NAME_FORBIDDEN, ROOM_PHONE } from './people';

describe('parseDay', () => {
  const now = new Date(Date.UTC(2025, 5, 1));
  it('reads dd/mm/yyyy, d/m/yy and ISO days', () => {
    expect(parseDay('03/07/2025', now)).toEqual({ year: 2025, month: 7, day: 3 });
    expect(parseDay('3/7/25', now)).toEqual({ year: 2025, month: 7, day: 3 });
    expect(parseDay('12.05.85', now)).toEqual({ year: 1985, month: 5, day: 12 });
    expect(parseDay('2025-07-03', now)).toEqual({ year: 2025, month: 7, day: 3 });
    expect(parseDay(' 29/02/2024 ', now)).toEqual({ year: 2024, month: 2, day: 29 });
  });
  it('refuses what is not a day', () => {
    for (const bad of ['', '31/02/2025', '29/02/2025', '00/01/2025', '12/13/2025', '1/1/202', 'demain', '2025/07/03', '07-2025']) {
      expect(parseDay(bad, now)).toBeNull();
    }
  });
});

describe('room-list rules', () => {
  it('forbids the spec characters in names, and letters in phones', () => {
    for (const bad of ['D@rtagnan', 'Jean_Luc', 'R2D2', 'a@b', 'x;y', 'Dupont "Jean"']) expect(ROOM_NAME_FORBIDDEN.test(bad)).toBe(true);
    // real guests' names: apostrophes (straight or typographic) and hyphens
    for (const good of ['Lefèvre', 'Jean-Luc', 'De La Tour', "O'Brien", "D'Arcy", 'N’Diaye']) expect(ROOM_NAME_FORBIDDEN.test(good)).toBe(false);
    expect(ROOM_PHONE.test('+33 6 12 34 56 78')).toBe(true);
    expect(ROOM_PHONE.test('06 12 AB 56 78')).toBe(false);
  });
});

describe('fold', () => {
  it('drops case and accents', () => {
    expect(fold('Élodie Œuvrard-Straße')).toBe('elodie oeuvrard-strasse');
    expect(fold('ŁÓDŹ Ørsted')).toBe('lodz orsted');
  });
});
