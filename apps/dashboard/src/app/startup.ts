import { config } from '@campsite/shared';
import { api } from '@campsite/shared/client';

const VERSION_KEY = 'version';

/** 000 §4: reload when the stored version differs from the server's, then store the new one. */
export async function checkVersion() {
  try {
    const { version } = await api(config.version);
    const stored = localStorage.getItem(VERSION_KEY);
    localStorage.setItem(VERSION_KEY, version);
    if (stored && stored !== version) window.location.reload();
  } catch {
    // offline or server down: the app keeps running on what it has
  }
}

const WORKER = '/custom-service-worker.js';

/**
 * 000 §4: register the service worker; on a local host check the worker file first and, if it is
 * missing or not a script, unregister and reload (only logs result).
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);
  window.addEventListener('load', async () => {
    try {
      if (local) {
        const res = await fetch(WORKER, { headers: { 'Service-Worker': 'script' } });
        const type = res.headers.get('content-type') ?? '';
        if (res.status === 404 || !type.includes('javascript')) {
          const reg = await navigator.serviceWorker.getRegistration();
          if (reg) {
            await reg.unregister();
            window.location.reload();
          }
          return;
        }
      }
      await navigator.serviceWorker.register(WORKER);
    } catch (err) {
      console.info('Service worker non enregistré', err);
    }
  });
}
