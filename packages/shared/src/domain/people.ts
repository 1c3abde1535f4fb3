/** Rules of the people area shared by the dashboard and the server (002 §5). */

export interface DayParts {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
}

/**
 * A day written as French offices do: d/m/yy to dd/mm/yyyy (also with '-' or '.'), or ISO yyyy-mm-dd.
 * Two-digit years are this century up to next year, otherwise the last one (birthdays: '12/05/85').
 */
export function parseDay(text: string, now = new Date()): DayParts | null {
  const s = text.trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(s);
  let year: number, month: number, day: number;
  if (m) {
    [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (m[3].length === 2) {
      const pivot = (now.getUTCFullYear() % 100) + 1;
      year += year <= pivot ? 2000 : 1900;
    } else if (m[3].length === 3) return null;
  } else {
    m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(s);
    if (!m) return null;
    [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  }
  if (month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last || year < 1900 || year > 2200) return null;
  return { year, month, day };
}

/** The room-list form's day format (002 §5): 1-2 digit day and month, 2-4 digit year. */
export const ROOM_DATE = /^\d{1,2}\/\d{1,2}\/\d{2,4}$/;

/**
 * Names may not contain @ . / \ [ ] # " % * & ! ? ; : { } digits or underscore (002 §5). The spec also
 * forbids the apostrophe, which would refuse real guests (O'Brien, D'Arcy, N'Diaye): it is allowed
 * (issue 20, docs/people.md), like the hyphen (Jean-Luc).
 */
export const ROOM_NAME_FORBIDDEN = /[@./\\[\]#"%*&!?;:{}\d_]/;

/** Phones: digits, spaces and a leading '+', no letters or symbols (002 §5). */
export const ROOM_PHONE = /^\+?[\d ]+$/;

/** Activation codes are given to guests by word of mouth or paper: no 0/O or 1/I/L to confuse. */
export const ACTIVATION_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ACTIVATION_LENGTH = 8;

/** What a user types, folded like the database's people_fold: lower case, no accents. */
export function fold(text: string): string {
  return text
    .replace(/[œŒ]/g, (c) => (c === 'œ' ? 'oe' : 'OE'))
    .replace(/[æÆ]/g, (c) => (c === 'æ' ? 'ae' : 'AE'))
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ĐđŁłĿŀØøı]/g, (c) => ({ Đ: 'D', đ: 'd', Ł: 'L', ł: 'l', Ŀ: 'L', ŀ: 'l', Ø: 'O', ø: 'o', ı: 'i' })[c] ?? c)
    .toLowerCase();
}
