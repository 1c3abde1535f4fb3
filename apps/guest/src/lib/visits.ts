import { useEffect, useRef } from 'react';
import { api, callUrl } from '@campsite/shared/client/api';
import { guestCalls } from '@campsite/shared/contract/guest-calls';

const VISITOR_KEY = 'visitor-day';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
};
const randomId = () =>
  crypto.randomUUID?.().replace(/-/g, '') ?? Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A random id for this device and this day only, so that the dashboard counts visitors without a cookie
 * and without following anyone: a new one is drawn each day, and the server hashes it again with a salt of
 * the day that it deletes at midnight (docs/statistics.md). No cookie, no account, nothing sent elsewhere.
 */
export function visitorId(): string {
  try {
    // the lasting id of earlier versions goes
    localStorage.removeItem('visitor');
    const [day, id] = (localStorage.getItem(VISITOR_KEY) ?? '').split(' ');
    if (day === today() && id && /^[A-Za-z0-9_-]{8,64}$/.test(id)) return id;
    const fresh = randomId();
    localStorage.setItem(VISITOR_KEY, `${today()} ${fresh}`);
    return fresh;
  } catch {
    return 'no-storage';
  }
}

/** Runs as an installed app (home-screen icon), not in a browser tab. */
export function isInstalled(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/**
 * Records one screen view. Offline, the visit is dropped rather than queued: the server stamps the
 * time on arrival, so a late visit would count on the wrong day.
 */
export function recordVisit(component: string, target?: string) {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  const body = { component, visitor: visitorId(), app: isInstalled(), ...(target ? { target } : {}) };
  // a beacon leaves at low priority, after the screen's own reads, and survives leaving the page
  const url = callUrl(guestCalls.logs.insert);
  if (navigator.sendBeacon?.(url, new Blob([JSON.stringify(body)], { type: 'application/json' }))) return;
  api(guestCalls.logs.insert, body).catch(() => {});
}

/**
 * Records the view of a screen once per thing it shows (`key`, its id, tells the statistics which page,
 * rubric or activity was read); `key` null while that thing is not known yet.
 * Checked after every commit, not on a change of dependencies, which React 19 can leave out (see App).
 */
export function useVisit(component: string, key: string | null = '') {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (key === null) return;
    const id = `${component}:${key}`;
    if (sent.current === id) return;
    sent.current = id;
    recordVisit(component, key);
  });
}
