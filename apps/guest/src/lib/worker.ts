import { readUrls } from './fetch-cache';

export const WORKER_URL = '/custom-service-worker.js';

/**
 * Registers the service worker after the first paint. What this first visit already read went out
 * before the worker existed; once it controls the page it is handed those addresses to keep, so that
 * the screens seen on the first visit open offline too. Then the rest of the booklet is read in the
 * background (lib/offline.ts, its own chunk, loaded only then).
 */
export function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  const start = () => {
    navigator.serviceWorker.register(WORKER_URL).catch(() => {});
    const handOver = () => {
      const sameOrigin = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => u.startsWith(location.origin));
      navigator.serviceWorker.controller?.postMessage({ type: 'keep', urls: [...new Set([...sameOrigin, ...readUrls()])] });
      void import('./offline').then((m) => m.keepBookletOffline()).catch(() => {});
      // a renewed subscription heals itself: sent again at each start
      void import('./push').then((m) => m.resendSubscription()).catch(() => {});
    };
    if (navigator.serviceWorker.controller) handOver();
    else navigator.serviceWorker.addEventListener('controllerchange', handOver, { once: true });
  };
  // the app's code comes after the first paint (boot.ts): the page may have loaded already
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
