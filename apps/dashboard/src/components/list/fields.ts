import { useState, type ChangeEvent } from 'react';
import { boundOf, NO_DAY, partsOf, type DayParts } from './dates';
import type { Patch } from './useAddress';

/**
 * The text fields of a search panel as typed (applied by its button, not at each key): they start from
 * the list's filters, and `patch()` gives them trimmed, null when empty, for `search()`.
 */
export function useTextFields<K extends string>(keys: readonly K[], current: Partial<Record<K, unknown>>) {
  const [text, setText] = useState(() => Object.fromEntries(keys.map((k) => [k, typeof current[k] === 'string' ? current[k] : ''])) as Record<K, string>);
  return {
    /** the value and change of a TextInput */
    input: (k: K) => ({ value: text[k], onChange: (e: ChangeEvent<HTMLInputElement>) => setText({ ...text, [k]: e.currentTarget.value }) }),
    patch: (): Patch => Object.fromEntries(keys.map((k) => [k, text[k].trim() || null])),
    clear: () => setText(Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>),
  };
}

const sideOf = (bound: string) => (bound.startsWith('after') ? 'after' : 'before');

/**
 * The day bounds of a search panel (`after_arrival`, `before_arrival`, …: an 'after' bound is the start
 * of its day, a 'before' one the end) as DateRanges shows them, in the establishment's time zone.
 */
export function useBoundFields(bounds: readonly string[], current: Partial<Record<string, unknown>>, timeZone: string) {
  const [value, setValue] = useState<Record<string, DayParts>>(() =>
    Object.fromEntries(bounds.map((k) => [k, partsOf(typeof current[k] === 'number' ? current[k] : undefined, sideOf(k), timeZone)])),
  );
  return {
    /** DateRanges' value and onChange */
    ranges: { value, onChange: setValue },
    patch: (): Patch => Object.fromEntries(bounds.map((k) => [k, boundOf(value[k], sideOf(k), timeZone) ?? null])),
    clear: () => setValue(Object.fromEntries(bounds.map((k) => [k, NO_DAY]))),
  };
}
