/*
 * The guest app's service worker, written by hand (no library).
 *
 * - The app shell (index.html and every file of the build) is stored at install, as one consistent
 *   version. Pages come from the network first (they carry the current theme and first reads), else
 *   from the stored index.html: the app opens on weak Wi-Fi and with no network at all.
 *   A new build brings a new worker (the build stamps BUILD and ASSETS below); it installs in the
 *   background and takes over at the next launch, when no page runs the old version any more.
 * - Content reads (/api GETs) go to the network first and fall back to the last answer kept, so the
 *   booklet and the agenda read once stay readable offline. After the first screen the page reads the
 *   whole booklet through here in the background (src/lib/offline.ts), so every page is kept, and then
 *   says which content addresses the booklet has now ('prune'): the others of the same calls go.
 * - Images and hashed files never change under an address: cache first.
 * - A guest's messages (issue 32): their conversations, each thread they opened and its photos are kept in
 *   a cache of their own (CHAT), network first, so that they stay readable offline; it is emptied at any
 *   sign-in or sign-out (a POST under /api/webapp/account/) and when a read says the session is gone.
 */
const BUILD = 'dev';
const ASSETS = [];

const SHELL = `shell-${BUILD}`;
const CONTENT = 'content-v1';
const IMAGES = 'images-v1';
const API_TIMEOUT_MS = 4000;
const MAX_IMAGES = 300;
const SHELL_PAGE = '/index.html';
const PAGE_TIMEOUT_MS = 3000;
const CHAT = 'chat-v1';
const CHAT_LIST = '/api/webapp/chat/conversations';
const CHAT_THREAD = '/api/webapp/chat/thread';
const CHAT_PICTURE = '/api/webapp/chat/picture';

self.addEventListener('install', (event) => {
  // '/index.html' is the page with what every screen needs; '/' would carry the home's first lines,
  // which a launch on another screen must not show
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll([SHELL_PAGE, ...ASSETS])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('shell-') && n !== SHELL).map((n) => caches.delete(n)));
      // on the very first install, take the open page at once so that what it reads next is kept
      await self.clients.claim();
    })(),
  );
});

const isImage = (url) => url.pathname.startsWith('/api/dashboard/files/get') || url.pathname.startsWith('/icons/');
const isApi = (url) => url.pathname.startsWith('/api/');
const isAsset = (url) => url.pathname.startsWith('/assets/');

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // another guest may sign in on this phone: the messages kept go with any change of account
  if (request.method === 'POST' && url.pathname.startsWith('/api/webapp/account/')) return void event.waitUntil(caches.delete(CHAT));
  if (request.method === 'POST' && url.pathname === CHAT_THREAD) return event.respondWith(chatThread(request));
  if (request.method !== 'GET') return;
  // an event stream never ends (a copy would wait for its end): it goes to the network as it is (issue 25)
  if (request.headers.get('accept')?.includes('text/event-stream')) return;
  if (url.pathname === CHAT_LIST) return event.respondWith(chatRead(request, request.url));
  if (url.pathname === CHAT_PICTURE) return event.respondWith(cacheFirst(request, CHAT));
  if (url.pathname.startsWith('/api/webapp/chat/')) return;
  // a navigation to a file (a PDF linked from a page) is that file, not a screen of the app
  if (request.mode === 'navigate' && !isApi(url) && !isImage(url)) event.respondWith(shell(request));
  else if (isImage(url)) event.respondWith(cacheFirst(request, IMAGES));
  else if (isAsset(url)) event.respondWith(cacheFirst(request, SHELL));
  else if (isApi(url)) event.respondWith(networkFirst(request, API_TIMEOUT_MS));
  else event.respondWith(networkFirst(request, API_TIMEOUT_MS));
});

/**
 * A screen's page: the server's, which carries the establishment's colours and first reads as they are
 * now (staff may have changed the theme since this worker was installed); when the network fails or is
 * slow, the page kept at install, whose app then paints from what the device kept.
 */
async function shell(request) {
  let timer;
  const slow = new Promise((resolve) => {
    timer = setTimeout(resolve, PAGE_TIMEOUT_MS, null);
  });
  try {
    const response = await Promise.race([fetch(request).catch(() => null), slow]);
    if (response && response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) return response;
    // the server sends a signed-out guest from their messages to the sign-in: the browser follows it
    if (response?.type === 'opaqueredirect') return response;
  } finally {
    clearTimeout(timer);
  }
  // the page varies by cookie and language for the server; the worker keeps one, whatever they are
  const cached = await caches.match(SHELL_PAGE, { cacheName: SHELL, ignoreVary: true });
  if (cached) {
    tell(false);
    return cached;
  }
  return fetch(request);
}

async function cacheFirst(request, cacheName) {
  const cache = await caches.open(cacheName);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    if (cacheName === IMAGES) trim(cache, MAX_IMAGES);
  }
  return response;
}

/**
 * The network's answer, kept for later; when the network fails, or is too slow while a kept answer
 * exists, the kept answer.
 */
async function networkFirst(request, timeoutMs) {
  const cache = await caches.open(CONTENT);
  const network = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    tell(true);
    return response;
  });
  const cached = await cache.match(request);
  if (!cached) {
    return network.catch(async (err) => {
      tell(false);
      const other = await otherWindow(cache, new URL(request.url));
      if (other) return other;
      throw err;
    });
  }
  let timer;
  const slow = new Promise((resolve) => {
    timer = setTimeout(() => resolve(cached), timeoutMs);
  });
  try {
    const response = await Promise.race([network, slow]);
    if (response === cached) tell(false);
    return response;
  } catch {
    tell(false);
    return cached;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A read of the guest's messages: the network's answer, kept under `key` in CHAT; offline, the kept one
 * (the app then says it shows what was saved). A 401 (signed out elsewhere, session over) empties CHAT.
 */
async function chatRead(request, key) {
  const cache = await caches.open(CHAT);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    else if (response.status === 401) await caches.delete(CHAT);
    tell(true);
    return response;
  } catch (err) {
    const kept = await cache.match(key);
    if (!kept) throw err;
    tell(false);
    return kept;
  }
}

/** A thread is read by a POST (it marks it read): kept under an address of its own, by conversation. */
async function chatThread(request) {
  let conversation = null;
  try {
    conversation = (await request.clone().json()).conversation;
  } catch {
    // not JSON: the server answers it
  }
  if (typeof conversation !== 'string') return fetch(request);
  return chatRead(request, new URL(`${CHAT_THREAD}?conversation=${encodeURIComponent(conversation)}`, self.location.origin).href);
}

/**
 * Tells the pages whether reads reach the server, so they show the offline notice also on a Wi-Fi that
 * is connected but does not get through (the browser then still says it is online).
 */
let reaching = true;
async function tell(ok) {
  if (ok === reaching) return;
  reaching = ok;
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'network', ok });
}

/**
 * The agenda asks for a window that starts yesterday (UTC), so its address changes every day: offline on
 * a later day, the window kept last (the newest start) still holds the coming days.
 */
const AGENDA = '/api/webapp/animation-dates/list';
async function otherWindow(cache, url) {
  if (url.pathname !== AGENDA) return null;
  const from = (u) => Number(new URL(u).searchParams.get('from')) || 0;
  const kept = (await cache.keys()).map((r) => r.url).filter((u) => new URL(u).pathname === AGENDA && from(u) <= from(url.href));
  if (!kept.length) return null;
  return cache.match(kept.sort((a, b) => from(b) - from(a))[0]);
}

async function trim(cache, max) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - max))) await cache.delete(key);
}

/**
 * The page read the whole booklet and names its content addresses: a kept answer of one of those calls
 * with other parameters (a page deleted since, yesterday's agenda window, a past activity) goes, so the
 * store stays the booklet's size. Other calls' answers are not touched.
 */
async function prune(keep) {
  const wanted = new Set(keep.map((u) => new URL(u, self.location.origin).href));
  const calls = new Set([...wanted].map((u) => new URL(u).pathname));
  const cache = await caches.open(CONTENT);
  for (const request of await cache.keys()) {
    if (calls.has(new URL(request.url).pathname) && !wanted.has(request.url)) await cache.delete(request);
  }
}

/** The page hands over what it read before this worker controlled it (its first visit). */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'prune' && Array.isArray(data.keep)) {
    event.waitUntil(prune(data.keep.filter((u) => typeof u === 'string')));
    return;
  }
  if (!data || data.type !== 'keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    Promise.all(
      data.urls.slice(0, 200).map(async (href) => {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin || url.pathname === '/custom-service-worker.js') return;
        const name = isImage(url) ? IMAGES : isAsset(url) ? SHELL : isApi(url) ? CONTENT : null;
        if (!name) return;
        const cache = await caches.open(name);
        if (await cache.match(url.href)) return;
        try {
          const response = await fetch(url.href);
          if (response.ok) await cache.put(url.href, response);
        } catch {
          // offline already: nothing to keep
        }
      }),
    ),
  );
});

/*
 * Push notifications (issue 21). Every push shows a notification, inside waitUntil, even with a window
 * focused: iOS revokes a subscription whose pushes show none. The send's id is the notification's tag,
 * so a push sent twice (a server that died between the push service's answer and its record) replaces
 * the first instead of showing a second. A tap opens the address in the guest's language (the server
 * puts the device's language's path in the payload) and reports the open once.
 */
const PUSH_ICON = '/icons/icon-192.png';

function pushData(event) {
  try {
    return event.data ? event.data.json() : {};
  } catch {
    return { body: event.data ? event.data.text() : '' };
  }
}

self.addEventListener('push', (event) => {
  const data = pushData(event);
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(data.title || self.registration.scope, {
      body: data.body || '',
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      lang: data.lang || undefined,
      tag: data.id || undefined,
      data: { url, id: data.id || null },
    }),
  );
});

async function reportOpen(id) {
  if (!id) return;
  try {
    const sub = await self.registration.pushManager.getSubscription();
    if (!sub) return;
    await fetch('/api/webapp/notifications/opened', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, endpoint: sub.endpoint }),
    });
  } catch {
    // offline: the open is not counted, the page opens all the same
  }
}

async function openAddress(url) {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((c) => new URL(c.url).origin === self.location.origin);
  if (open) {
    await open.focus();
    if ('navigate' in open) return open.navigate(target);
    return open;
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(Promise.all([openAddress(data.url || '/'), reportOpen(data.id)]));
});

/** A subscription the browser renewed on its own: the new one is sent, so that pushes keep coming. */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const old = event.oldSubscription;
      const options = old ? old.options : null;
      if (!options) return;
      const sub = await self.registration.pushManager.subscribe(options);
      const json = sub.toJSON();
      await fetch('/api/webapp/notifications/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ endpoint: json.endpoint, keys: json.keys }),
      });
    })().catch(() => {}),
  );
});
