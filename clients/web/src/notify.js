/** @file The installable app and its notifications (docs/notifications.md): the service worker (registered at start; told which files the page loaded, so the page opens offline), the page's visibility told to the server, the "Notify me when it's my turn" button (permission asked only on its click), the games waiting for one's move, and what the page shows when offline. */

import { fill, h, say, sayError } from './dom.js';
import { gameName } from './rules.js';
import { formatDate, t } from './i18n.js';

/** @typedef {import('./app.js').Session} Session */
/** @typedef {import('./protocol.js').Link} Link */
/** @typedef {import('./wire.js').TurnWaiting} TurnWaiting */

/** Where the games waiting for one's move were last seen (for offline). */
const TURNS_KEY = 'lodestone.turns';
/** One's unfinished rooms as last seen (for offline). */
const ROOMS_KEY = 'lodestone.rooms';

/**
 * Registers the service worker and tells it which files this page loaded
 * before it ran; an open room a notification names is shown when the
 * worker asks.
 */
export async function startApp() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (event.data?.type !== 'open' || typeof event.data.url !== 'string') return;
    const url = new URL(event.data.url, location.origin);
    if (url.origin === location.origin) location.hash = url.hash;
  });
  // The files this page loaded, for a worker that did not see them.
  const keep = (/** @type {ServiceWorker | null | undefined} */ worker) => {
    const loaded = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => new URL(u).origin === location.origin);
    worker?.postMessage({ type: 'keep', urls: ['/', ...loaded] });
  };
  // A new worker (the server's files changed) keeps its own copies.
  navigator.serviceWorker.addEventListener('controllerchange', () => keep(navigator.serviceWorker.controller));
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    keep((await navigator.serviceWorker.ready).active);
  } catch (error) {
    console.warn('the service worker did not register:', error);
  }
}

/**
 * Tells the server on `link` whether this page is visible (after every
 * connect: a new connection counts as visible).
 * @param {Link} link
 */
export async function sayVisibility(link) {
  if (document.visibilityState === 'hidden') await link.request({ type: 'visibility', visible: false });
}

/**
 * Tells every open link when the page is hidden or shown again.
 * @param {Session} session
 */
export function followVisibility(session) {
  document.addEventListener('visibilitychange', () => {
    const visible = document.visibilityState !== 'hidden';
    for (const link of session.connection.openLinks()) link.request({ type: 'visibility', visible }).catch(() => {});
  });
}

/** Unpadded base64url text as bytes. @param {string} text */
function base64url(text) {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Whether this browser can receive pushes at all. */
export function pushSupported() {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * Asks for permission (this runs only from a click), subscribes this
 * browser with the server's key, and gives the subscription to the
 * server for the guest we are.
 * @param {Session} session
 */
export async function enablePush(session) {
  if (!pushSupported()) throw new Error(t('web-notify-unsupported'));
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(t('web-notify-blocked'));
  const reply = await fetch('/api/push/key');
  if (!reply.ok) throw new Error(t('web-notify-no-key', { status: reply.status }));
  const { public_key: key } = await reply.json();
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && subscription.options.applicationServerKey) {
    const now = new Uint8Array(subscription.options.applicationServerKey);
    const wanted = base64url(key);
    if (now.length !== wanted.length || now.some((b, i) => b !== wanted[i])) {
      await subscription.unsubscribe();
      subscription = null;
    }
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64url(key) });
  const json = subscription.toJSON();
  await session.connection.request({
    type: 'push_subscribe',
    endpoint: String(json.endpoint),
    keys: { p256dh: String(json.keys?.p256dh), auth: String(json.keys?.auth) },
  });
}

/**
 * The "Notify me when it's my turn" button: asks for permission only when
 * clicked, and says how it went.
 * @param {Session} session
 * @param {string} id the button's id
 */
export function notifyButton(session, id) {
  const button = h('button', { type: 'button', id, class: 'notify-me' }, t('web-notify-me'));
  if (!pushSupported()) {
    button.hidden = true;
    return button;
  }
  if (Notification.permission === 'granted') button.textContent = t('web-notify-on');
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await enablePush(session);
      button.textContent = t('web-notify-on');
      say(t('web-notify-enabled'));
    } catch (error) {
      sayError(error);
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

/**
 * "Your move in N games", the oldest first, with a button to the next.
 * @param {Session} session
 * @param {() => void} shown called after the bar changed
 */
export function turnsBar(session, shown) {
  const element = h('p', { class: 'turns', id: 'turns', hidden: true });
  async function refresh() {
    if (!session.connection.ready) return;
    try {
      const reply = /** @type {import('./protocol.js').MessageOf<'turns'>} */ (
        /** @type {unknown} */ (await session.connection.request({ type: 'my_turns' }))
      );
      localStorage.setItem(TURNS_KEY, JSON.stringify(reply.rooms));
      localStorage.setItem(ROOMS_KEY, JSON.stringify(session.myRooms));
      show(reply.rooms);
    } catch {
      // A dropped connection is announced by the notice.
    }
  }
  /** @param {TurnWaiting[]} rooms */
  function show(rooms) {
    element.hidden = rooms.length === 0;
    if (rooms.length === 0) {
      fill(element);
      return shown();
    }
    const next = rooms[0];
    fill(
      element,
      h('strong', {}, t('web-turns-your-move', { count: rooms.length })),
      ' ',
      h('a', { class: 'next-game', href: `#/room/${next.room}` }, t('web-turns-next', { game: gameName(next.game) })),
    );
    shown();
  }
  return { element, refresh };
}

/**
 * What the page shows offline: that it is offline, and the games it last
 * knew (read only: they open once the network is back).
 * @param {HTMLElement} notice
 */
export function showOffline(notice) {
  /** @type {TurnWaiting[]} */
  let turns = [];
  /** @type {string[]} */
  let rooms = [];
  try {
    turns = JSON.parse(localStorage.getItem(TURNS_KEY) ?? '[]');
    rooms = JSON.parse(localStorage.getItem(ROOMS_KEY) ?? '[]');
  } catch {
    // Nothing kept.
  }
  const waiting = new Set(turns.map((w) => w.room));
  const others = rooms.filter((r) => !waiting.has(r));
  const since = (/** @type {number} */ ms) => formatDate(ms);
  fill(
    notice,
    h('strong', {}, t('web-offline')),
    ' ', t('web-offline-games'),
    h(
      'ul',
      { class: 'offline-games' },
      ...turns.map((w) => h('li', {}, t('web-offline-your-move-since', { game: gameName(w.game), since: since(w.since) }))),
      ...others.map(() => h('li', {}, t('web-offline-other'))),
    ),
  );
  document.body.dataset.offline = 'true';
}
