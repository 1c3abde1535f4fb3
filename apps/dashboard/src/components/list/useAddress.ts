import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** A change of the address: a value, or null to remove it. */
export type Patch = Record<string, string | number | null>;

/**
 * The address's parameters as they are now. React Router commits a navigation in a transition, which a
 * heavy page (50 client cards) can hold back for a while on a slow machine: meanwhile the parameters a
 * render saw are stale, and a second change made from them (a checkbox after another) would drop the
 * first. The browser's address is ahead of the render; a memory router (tests) has no such lag.
 */
export function liveParams(rendered: URLSearchParams, pathname: string): URLSearchParams {
  if (typeof window !== 'undefined' && window.location.pathname === pathname) return new URLSearchParams(window.location.search);
  return rendered;
}

/** How one field of the address is read: a zod schema of the contract, or `oneOf` / `textField` below. */
export interface AddressField<T = unknown> {
  safeParse(raw: unknown): { success: boolean; data?: T };
}

/** One of a few words (`?filtre=open`), else `fallback`. */
export const oneOf = <T extends string, D extends T | undefined = undefined>(words: readonly T[], fallback?: D): AddressField<T | D> => ({
  safeParse: (raw) => (raw === undefined ? { success: true, data: fallback as D } : words.includes(raw as T) ? { success: true, data: raw as T } : { success: false }),
});

/** A text (an id, a number), or one matching `pattern` (`?day=2026-07-15`); absent when the address has none. */
export const textField = (pattern?: RegExp): AddressField<string | undefined> => ({
  safeParse: (raw) => (raw === undefined || (typeof raw === 'string' && (!pattern || pattern.test(raw))) ? { success: true, data: raw as string | undefined } : { success: false }),
});

/** One field of the address read with its schema: a value the schema refuses (a hand-edited link) is the fallback. */
export function readField(type: AddressField, raw: string | null, fallback: unknown): unknown {
  const read = raw === null ? undefined : type.safeParse(raw);
  return read?.success ? read.data : fallback;
}

/** The value a field takes when the address leaves it out. */
export const emptyOf = (type: AddressField): unknown => type.safeParse(undefined).data;

/**
 * The address after a change: each field under its address name, removed when null, empty or at its
 * default (`atDefault`), so that a link stays short and a default is never written down.
 */
export function patched(live: URLSearchParams, patch: Patch, nameOf: (field: string) => string, atDefault: (field: string, v: string | number) => boolean): URLSearchParams {
  const next = new URLSearchParams(live);
  for (const [field, v] of Object.entries(patch)) {
    if (v === null || v === '' || atDefault(field, v)) next.delete(nameOf(field));
    else next.set(nameOf(field), String(v));
  }
  return next;
}

/**
 * A screen's state kept in the address (`?periode=mois`, `?service=…&day=2026-07-15`, `?sejour=`), so that
 * a reload, the back button and a shared link show the same thing. `shape` is declared once, outside the
 * screen (`{ filtre: oneOf(['open', 'closed']), c: textField() }`, or a contract schema's fields); each
 * field is read with it (a value it refuses falls back to the field's default) and left out of the
 * address at its default. A paged list uses `useListQuery`, built on the same reading.
 *
 * `set(patch)` replaces the address (no new history entry, the screen keeps its state); `{ push: true }`
 * adds one, for a change the back button should undo (opening a detail): the screen then starts afresh.
 */
export function useAddress<F extends Record<string, AddressField>>(shape: F) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const key = params.toString();
  const values = useMemo(
    () => Object.fromEntries(Object.entries(shape).map(([field, type]) => [field, readField(type, params.get(field), emptyOf(type))])),
    // the address is the input: `params` changes identity on every navigation, its text says whether it changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, shape],
  ) as { [K in keyof F]: F[K] extends AddressField<infer T> ? T : never };
  const set = (patch: Patch, { push = false }: { push?: boolean } = {}) =>
    setParams((p) => patched(liveParams(p, pathname), patch, (f) => f, (f, v) => f in shape && String(v) === String(emptyOf(shape[f]))), { replace: !push });
  return { values, set };
}
