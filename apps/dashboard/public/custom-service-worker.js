// The dashboard's service worker: it takes over at once and keeps nothing, so a new deploy is always
// fetched; its presence makes the dashboard installable. The guest app has the caching one.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
