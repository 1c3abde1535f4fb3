import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { desk, today } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client';

/**
 * One event stream of the to-do list per tab (issue 33, docs/today.md), shared by the sidebar's count and
 * the home: each `changed` event (another member, a guest, a job, another instance wrote something the
 * list shows) makes the list's reads fetch again, at most once a second; `ready` (live again after a
 * drop) and `sync` (the server's listener came back) too, so that nothing written meanwhile is missed.
 * EventSource reconnects by itself. The stay's page (docs/desk.md) is read again with them: it shows the same states.
 */
export const TODAY_READS = [today.arrivals, today.departures, today.messages, today.bookings, today.failures, desk.stay];
const SPACING_MS = 1000;

let source: EventSource | null = null;
let users = 0;
let isLive = false;
let timer: ReturnType<typeof setTimeout> | null = null;
let last = 0;
const listeners = new Set<(live: boolean) => void>();

function refresh(client: QueryClient) {
  if (timer) return;
  const run = () => {
    timer = null;
    last = Date.now();
    for (const d of TODAY_READS) void client.invalidateQueries({ queryKey: [d.path] });
  };
  timer = setTimeout(run, Math.max(0, last + SPACING_MS - Date.now()));
}

function start(client: QueryClient) {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource(callUrl(today.stream));
  for (const e of ['changed', 'ready', 'sync']) source.addEventListener(e, () => refresh(client));
  const tell = (live: boolean) => {
    isLive = live;
    listeners.forEach((l) => l(live));
  };
  source.addEventListener('ready', () => tell(true));
  source.addEventListener('error', () => tell(false));
}

/** Follows the stream while mounted (for staff with a flag of the list); answers whether it is live. */
export function useTodayStream(enabled = true): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(isLive);
  useEffect(() => {
    if (!enabled) return;
    users++;
    listeners.add(setLive);
    start(client);
    setLive(isLive);
    return () => {
      listeners.delete(setLive);
      if (--users === 0) {
        source?.close();
        source = null;
        isLive = false;
        if (timer) clearTimeout(timer);
        timer = null;
      }
    };
  }, [client, enabled]);
  return live;
}
