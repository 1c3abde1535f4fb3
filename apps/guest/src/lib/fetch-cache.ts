import { startTransition, useCallback, useEffect, useReducer, useRef } from 'react';
import { api, callUrl, NetworkError } from '@campsite/shared/client/api';
import type { Answer, Callable, Query } from '@campsite/shared/contract/call';

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
let answerListener: ((url: string) => void) | null = null;

const emit = (url: string) => listeners.get(url)?.forEach((l) => l());

function listen(url: string, listener: () => void) {
  const set = listeners.get(url) ?? new Set();
  set.add(listener);
  listeners.set(url, set);
  return () => {
    set.delete(listener);
  };
}

/** Told whether each request reached the server, to show or hide the offline notice. */
export function onNetwork(listener: (reached: boolean) => void) {
  networkListener = listener;
}

/** Told of each answer that arrived (to keep the settings on the device). */
export function onAnswer(listener: (url: string) => void) {
  answerListener = listener;
}

function load(url: string, def: Callable, query: Record<string, unknown> | undefined) {
  const entry = entries.get(url) ?? { at: 0 };
  if (entry.pending) return;
  entry.pending = api(def, query as never)
    .then((data) => {
      // an answer stored or dropped meanwhile (a sign-in's account, `refreshAll`) is newer than this one,
      // asked before it: it stays (an activation's account was overwritten by the 'signed out' of the
      // read started at boot, and the guest found themself signed out)
      if (entries.get(url) !== entry) return;
      entries.set(url, { data, at: Date.now() });
      answerListener?.(url);
      // behind the service worker an answer may be its kept copy: the worker says itself whether it got through
      if (!navigator.serviceWorker?.controller) networkListener?.(true);
    })
    .catch((error: Error) => {
      if (error instanceof NetworkError) networkListener?.(false);
      if (entries.get(url) !== entry) return;
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
export function useGet<C extends Callable>(def: C | null, query?: Query<C>): GetState<Answer<C>> {
  const url = def ? callUrl(def, query as Record<string, unknown>) : '';
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const entry = url ? entries.get(url) : undefined;
  const subscribed = useRef<{ url: string; off: () => void } | null>(null);
  // after every commit rather than on a change of `url`: React 19 can leave out an effect whose
  // dependencies changed during a time-sliced render, and this screen would then never see its answer
  useEffect(() => {
    // an answer arriving is rendered as a transition: React renders in slices and keeps the phone responsive
    const listener = () => startTransition(rerender);
    if (subscribed.current?.url !== url) {
      subscribed.current?.off();
      subscribed.current = url ? { url, off: listen(url, listener) } : null;
    }
    // an answer that arrived between this render and now
    if (url && entries.get(url) !== entry) listener();
  });
  useEffect(
    () => () => {
      subscribed.current?.off();
      subscribed.current = null;
    },
    [],
  );
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
export function prefetch<C extends Callable>(def: C, query?: Query<C>) {
  const url = callUrl(def, query as Record<string, unknown>);
  if (!entries.has(url)) load(url, def, query as Record<string, unknown>);
}

/**
 * An answer read before the app started (written into the page by the server, or kept on the device),
 * as of `at` (epoch ms): shown at once, asked again once older than the cache keeps answers fresh. The
 * first seed of an address wins: seed the newest source first.
 */
export function seed(url: string, data: unknown, at: number) {
  if (!entries.has(url)) entries.set(url, { data, at: Math.min(at, Date.now()) });
}

/** What the cache holds for an address: its answer and when it was read. */
export function peek(url: string): { data: unknown; at: number } | undefined {
  const e = entries.get(url);
  return e && e.data !== undefined ? { data: e.data, at: e.at } : undefined;
}

/** An answer known without asking (what a sign-in answers is the account `me` would read). */
export function store(url: string, data: unknown) {
  entries.set(url, { data, at: Date.now() });
  emit(url);
}

/**
 * Asks again for every answer but those of `keep`, showing the ones held meanwhile: after a sign-in or a
 * sign-out the reads may answer otherwise (a closed app opens to a signed-in guest only).
 */
export function refreshAll(keep: readonly string[] = []) {
  for (const [url, entry] of entries) {
    // a read in flight was asked before: its answer is dropped (see load) and the address asked again
    if (keep.includes(url)) continue;
    // an answer kept is stale now; a failure is forgotten, so that it is asked again
    if (entry.data === undefined) entries.delete(url);
    else entries.set(url, { data: entry.data, at: 0 });
    emit(url);
  }
}

/** Every URL read so far, for the service worker to keep after its first install. */
export const readUrls = () => [...entries.keys()];

/** For tests. */
export function clearCache() {
  entries.clear();
}
