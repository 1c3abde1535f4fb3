import { useEffect, useRef, useState } from 'react';
import { callUrl } from '@campsite/shared/client/api';
import { guestCalls } from '@campsite/shared/contract/guest-calls';

/**
 * Follows the guest's message stream while the screen is open; `onEvent` runs on each event (a message,
 * a read, 'ready' once live again). On weak Wi-Fi the browser reconnects by itself and sends the last
 * event's id (Last-Event-ID); if it gives up (the stream answered an error), a new one is opened a few
 * seconds later from that id (?last=), so nothing is missed. Answers whether it is live.
 */
export function useChatStream(onEvent: () => void, enabled: boolean): boolean {
  const [live, setLive] = useState(true);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let last: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const open = () => {
      source = new EventSource(callUrl(guestCalls.chat.guestStream, last === undefined ? undefined : { last }));
      const on = (e: MessageEvent) => {
        if (e.lastEventId) last = Number(e.lastEventId);
        handler.current();
      };
      for (const kind of ['message', 'read', 'ready', 'sync', 'reset']) source.addEventListener(kind, on as EventListener);
      source.addEventListener('ready', () => setLive(true));
      source.onerror = () => {
        setLive(false);
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          timer = setTimeout(open, 5000);
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled]);
  return live;
}
