/**
 * @file The app's service worker (docs/notifications.md): keeps the app
 * shell so the page opens without a network (network first, the kept copy
 * when offline, so a new server's files are used as soon as it answers),
 * shows the server's pushes as notifications, and opens the room a
 * notification names when it is clicked.
 *
 * The server writes the digest of the app's files in place of `__ASSETS__`
 * (server/src/web.rs): a new server's files make a new worker, which
 * replaces this one at once and drops the shell this one kept.
 */

/// <reference lib="webworker" />
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** The digest of the server's files (see above). */
const VERSION = '__ASSETS__';
/** The cache of the app shell, one per version of the files. */
const SHELL = `lodestone-shell-${VERSION}`;

/** What the page needs to start: kept at install. */
const START = ['/', '/manifest.webmanifest', '/favicon.svg', '/icon-192.png'];

sw.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(START)));
  sw.skipWaiting();
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('lodestone-shell') && n !== SHELL).map((n) => caches.delete(n))))
      .then(() => sw.clients.claim()),
  );
});

/** Whether a request is for the app shell (not the game's live data). @param {URL} url */
function isShell(url) {
  if (url.origin !== sw.location.origin) return false;
  if (url.pathname === '/ws' || url.pathname === '/sw.js') return false;
  return !url.pathname.startsWith('/api/') || url.pathname === '/api/games';
}

sw.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || !isShell(url)) return;
  event.respondWith(networkFirst(event.request));
});

/**
 * The network's answer (kept for later), or the kept copy when there is
 * no network; a page of the app when offline is the shell.
 * @param {Request} request
 */
async function networkFirst(request) {
  const cache = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = (await cache.match(request, { ignoreSearch: true })) ?? (request.mode === 'navigate' ? await cache.match('/') : undefined);
    if (kept) return kept;
    throw error;
  }
}

// The page tells which files it loaded before the worker ran: kept too.
sw.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'keep' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((/** @type {unknown} */ u) => typeof u === 'string' && isShell(new URL(u, sw.location.origin)));
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(urls)).catch(() => {}));
});

sw.addEventListener('push', (event) => {
  /** @type {{title?: string, text?: string, url?: string, room?: string, event?: string}} */
  let data = {};
  try {
    data = event.data?.json() ?? {};
  } catch {
    data = { text: event.data?.text() ?? '' };
  }
  event.waitUntil(
    sw.registration.showNotification(data.title ?? 'Lodestone', {
      body: data.text ?? '',
      // One notification per room: a newer one replaces it.
      tag: data.room ? `room-${data.room}` : 'lodestone',
      icon: '/icon-192.png',
      data: { url: data.url ?? '/' },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', sw.location.origin).href;
  event.waitUntil(openRoom(url));
});

/**
 * Shows `url` in a window of the app: an open one goes there (and comes
 * to the front), otherwise a new one opens.
 * @param {string} url
 */
async function openRoom(url) {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const mine = windows.find((w) => new URL(w.url).origin === sw.location.origin);
  if (mine) {
    mine.postMessage({ type: 'open', url });
    await mine.focus().catch(() => {});
    return;
  }
  await sw.clients.openWindow(url);
}
