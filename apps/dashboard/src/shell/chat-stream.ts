import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { chat } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client';

/**
 * One event stream of the guest messages per tab (issue 25, docs/messages.md), shared by the sidebar's
 * badge and the messages screen: each event makes the chat reads on screen fetch again (they are small),
 * so nothing is patched by hand. EventSource reconnects by itself with Last-Event-ID; 'ready' (live
 * again) refreshes too, so that what came while it was away is shown.
 */
const READS = [chat.unread, chat.list, chat.messages];
let source: EventSource | null = null;
let users = 0;
/** Whether the stream is live now (a screen mounted after 'ready' starts from it). */
let isLive = false;
const listeners = new Set<(live: boolean) => void>();

function refresh(client: QueryClient) {
  for (const d of READS) void client.invalidateQueries({ queryKey: [d.path] });
}

function start(client: QueryClient) {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource(callUrl(chat.stream));
  const events = ['message', 'read', 'ready', 'sync', 'reset'];
  for (const e of events) source.addEventListener(e, () => refresh(client));
  const tell = (live: boolean) => {
    isLive = live;
    listeners.forEach((l) => l(live));
  };
  source.addEventListener('ready', () => tell(true));
  source.addEventListener('error', () => tell(false));
}

/** Follows the stream while mounted (only for staff with the emails flag); answers whether it is live. */
export function useChatStream(enabled = true): boolean {
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
      }
    };
  }, [client, enabled]);
  return live;
}
