// Holoscope's service worker (decision 051): the app's shell kept for when the network is down.
// The build fills in VERSION and SHELL (vite.config.ts); this file is served as /sw.js, never cached.

const VERSION = '__VERSION__';
/** The page ('/') and the build's scripts, styles and icons: what a page needs to start without a connection. */
const SHELL = ['__SHELL__'];
const CACHE = `holoscope-shell-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

// A new version's cache replaces the old ones, and the open pages are served by this worker at once.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('holoscope-shell-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Only this origin's files: the API, media and card images always go to the network, never cached.
  if (url.origin !== self.location.origin) return;
  if (/^\/(api|media|card-images)\//.test(url.pathname)) return;

  // A page: the network's answer when there is one (with its fresh policy nonce), the kept shell without.
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .open(CACHE)
          .then((cache) => cache.match('/'))
          .then((shell) => shell ?? Response.error()),
      ),
    );
    return;
  }

  // The build's hashed files never change: the kept copy when there is one, else the network's.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches
        .open(CACHE)
        .then((cache) => cache.match(request))
        .then((kept) => kept ?? fetch(request)),
    );
  }
});
