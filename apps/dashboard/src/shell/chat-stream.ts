import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CHAT, chat, type ChatMessageDoc, type ConversationDoc, type StaffStreamMessage } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client';

/**
 * One event stream of the guest messages per tab (issue 25, docs/messages.md), shared by the sidebar's
 * badge and the messages screen: each event makes the chat reads on screen fetch again (they are small),
 * so nothing is patched by hand. EventSource reconnects by itself with Last-Event-ID; 'ready' (live
 * again) refreshes too, so that what came while it was away is shown. A guest's new message also makes a
 * browser notification for staff who turned them on, while the tab is hidden (issue 33).
 */
const READS = [chat.unread, chat.list, chat.messages];
let source: EventSource | null = null;
let users = 0;
/** Whether the stream is live now (a screen mounted after 'ready' starts from it). */
let isLive = false;
const listeners = new Set<(live: boolean) => void>();
/** Where a click on a notification goes: the router's navigate of the hooks mounted (the last one's). */
const navigators: ((path: string) => void)[] = [];

function refresh(client: QueryClient) {
  for (const d of READS) void client.invalidateQueries({ queryKey: [d.path] });
}

function start(client: QueryClient) {
  if (source || typeof EventSource === 'undefined') return;
  source = new EventSource(callUrl(chat.stream));
  const events = ['message', 'read', 'ready', 'sync', 'reset', 'update'];
  for (const e of events) source.addEventListener(e, () => refresh(client));
  source.addEventListener('message', (e) => notify(client, e as MessageEvent));
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

// ------------------------------------------------------------------------------------ browser notifications

/** This browser's choice, kept on the device: asked on a click ('Activer…'), never on load. */
const NOTIFY_KEY = 'chat-notify';
const noticeListeners = new Set<() => void>();
const supported = () => typeof window !== 'undefined' && 'Notification' in window;
const wanted = () => {
  try {
    return localStorage.getItem(NOTIFY_KEY) === 'on';
  } catch {
    return false;
  }
};

export type NoticeState = 'unsupported' | 'denied' | 'on' | 'off';
function noticeState(): NoticeState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && wanted() ? 'on' : 'off';
}

/**
 * The guest's name for a message: the one the stream's event carries (first and last), else the inbox's row
 * when it is loaded, else the first name the message is signed with. A new conversation is in no list yet:
 * the event's name is what names its guest.
 */
function guestName(client: QueryClient, m: ChatMessageDoc & Partial<Pick<StaffStreamMessage, 'guest_name'>>): string {
  if (m.guest_name) return m.guest_name;
  for (const [, data] of client.getQueriesData<{ rows?: ConversationDoc[] }>({ queryKey: [chat.list.path] })) {
    const g = data?.rows?.find((r) => r._id === m.conversation)?.guest;
    if (g) return `${g.firstname} ${g.lastname}`.trim() || m.name;
  }
  return m.name;
}

/** A guest's new message while the tab is hidden, for staff who turned notifications on: 'Nouveau message de Lena Weber'. */
function notify(client: QueryClient, e: MessageEvent) {
  if (noticeState() !== 'on' || typeof document === 'undefined' || !document.hidden) return;
  let m: StaffStreamMessage;
  try {
    m = JSON.parse(String(e.data)) as StaffStreamMessage;
  } catch {
    return;
  }
  if (m.author !== 'guest' || m.internal) return;
  const n = new Notification(CHAT.notifyTitle(guestName(client, m)), { body: m.message || CHAT.photo, tag: `chat-${m.conversation}` });
  n.onclick = () => {
    window.focus();
    navigators.at(-1)?.(`/messages/chat?c=${encodeURIComponent(m.conversation)}`);
    n.close();
  };
}

/**
 * The notifications' switch and state for a screen ('Activer les notifications du navigateur'); `navigate`
 * (the router's) opens the conversation a notification was about.
 */
export function useBrowserNotices(navigate?: (path: string) => void) {
  const state = useSyncExternalStore(
    (cb) => {
      noticeListeners.add(cb);
      return () => noticeListeners.delete(cb);
    },
    noticeState,
    () => 'unsupported' as NoticeState,
  );
  useEffect(() => {
    if (!navigate) return;
    navigators.push(navigate);
    return () => void navigators.splice(navigators.lastIndexOf(navigate), 1);
  }, [navigate]);
  const toggle = useCallback(async () => {
    if (!supported()) return;
    if (noticeState() === 'on') localStorage.setItem(NOTIFY_KEY, 'off');
    else if ((await Notification.requestPermission()) === 'granted') localStorage.setItem(NOTIFY_KEY, 'on');
    noticeListeners.forEach((l) => l());
  }, []);
  return { state, toggle };
}
