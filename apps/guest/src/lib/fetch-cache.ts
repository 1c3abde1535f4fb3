import { startTransition, useCallback, useEffect, useReducer } from 'react';
import { api, callUrl, NetworkError } from '@campsite/shared/client/api';
import type { Answer, CallDef, Query } from '@campsite/shared/contract/call';

/**
 * A small cache of GET answers by URL, shared by every screen: a screen opened twice paints at once
 * from memory, and two screens asking the same call make one request. The service worker keeps the
 * answers across launches and offline; this only spares requests within a launch.
 */
interface Entry {
  data?: unknown;
  error?: Error;
  at: number;
  pending?: Promise<void>;
}

const entries = new Map<string, Entry>();
/** who shows each address: an answer re-renders only the screens that read it */
const listeners = new Map<string, Set<() => void>>();
const FRESH_MS = 60_000;
let networkListener: ((ok: boolean) => void) | null = null;

const emit = (url: string) => listeners.get(url)?.forEach((l) => l());

/** Told whether each request reached the server, to show or hide the offline notice. */
export function onNetwork(listener: (reached: boolean) => void) {
  networkListener = listener;
}

function load(url: string, def: CallDef, query: Record<string, unknown> | undefined) {
  const entry = entries.get(url) ?? { at: 0 };
  if (entry.pending) return;
  entry.pending = api(def, query as never)
    .then((data) => {
      entries.set(url, { data, at: Date.now() });
      // behind the service worker an answer may be its kept copy: the worker says itself whether it got through
      if (!navigator.serviceWorker?.controller) networkListener?.(true);
    })
    .catch((error: Error) => {
      if (error instanceof NetworkError) networkListener?.(false);
      // a failed refresh keeps what was shown
      entries.set(url, { data: entry.data, error: entry.data === undefined ? error : undefined, at: Date.now() });
    })
    .finally(() => emit(url));
  entries.set(url, entry);
}

export interface GetState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  retry: () => void;
}

/** A GET of the contract; `def` null waits (for a call that needs another's answer). */
export function useGet<C extends CallDef>(def: C | null, query?: Query<C>): GetState<Answer<C>> {
  const url = def ? callUrl(def, query as Record<string, unknown>) : '';
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const entry = url ? entries.get(url) : undefined;
  useEffect(() => {
    if (!url) return;
    // an answer arriving is rendered as a transition: React renders in slices and keeps the phone responsive
    const listener = () => startTransition(rerender);
    const set = listeners.get(url) ?? new Set();
    set.add(listener);
    listeners.set(url, set);
    // an answer that arrived between this render and now
    if (entries.get(url) !== entry) listener();
    return () => {
      set.delete(listener);
    };
  }, [url]); // eslint-disable-line react-hooks/exhaustive-deps
  if (def && (!entry || (!entry.pending && Date.now() - entry.at > FRESH_MS))) {
    // started during render on purpose: the request leaves as early as possible; the store notifies later
    queueMicrotask(() => {
      const e = entries.get(url);
      if (!e || (!e.pending && Date.now() - e.at > FRESH_MS)) load(url, def, query as Record<string, unknown>);
    });
  }
  const retry = useCallback(() => {
    if (!def) return;
    entries.delete(url);
    load(url, def, query as Record<string, unknown>);
    emit(url);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
  return {
    data: entry?.data as Answer<C> | undefined,
    error: entry?.error,
    loading: !!def && entry?.data === undefined && !entry?.error,
    retry,
  };
}

/** Starts a read before any screen asks for it (the home's calls, while the app boots). */
export function prefetch<C extends CallDef>(def: C, query?: Query<C>) {
  const url = callUrl(def, query as Record<string, unknown>);
  if (!entries.has(url)) load(url, def, query as Record<string, unknown>);
}

/** Every URL read so far, for the service worker to keep after its first install. */
export const readUrls = () => [...entries.keys()];

/** For tests. */
export function clearCache() {
  entries.clear();
}
