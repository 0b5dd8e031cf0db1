/** @file The installable app (issue 27): the service worker registers and controls the page, Chromium finds no installability error, a newer server's files make a new worker that takes over and drops the old shell, the lobby says "your move in N games" and goes to the next, permission for notifications is asked only on a click and the page then subscribes with the server's key and gives the server the subscription, a push delivered to the service worker (DevTools' ServiceWorker.deliverPushMessage) shows a notification whose click opens the room, and after one visit the page opens with the server gone, saying it is offline and showing the games it last knew. */

import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { CHROMIUM_OPTIONS, PATIENCE_MS, createRoom, person, proxyTo, removeDir, sit, stage, untilInPage } from './harness.js';

/** @type {import('playwright-core').BrowserContext | undefined} */
let installed;
/** @type {string | undefined} */
let profile;
/** @type {(() => void) | undefined} */
let closeProxy;

const my = stage();
my.atEnd(async () => {
  await installed?.close();
  if (profile) removeDir(profile);
  closeProxy?.();
});

/** The names of the app shell's caches in `page`. @param {import('playwright-core').Page} page */
function shellCaches(page) {
  return page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('lodestone-shell')));
}

test('the app installs, notifies, updates, and opens offline', async () => {
  const { server, browser } = my;
  // Ann comes through a proxy, which can play a newer server's worker.
  const { url: annUrl, swap, close } = await proxyTo(server.url);
  closeProxy = close;
  const origin = annUrl.replace(/\/$/, '');
  // Ann's browser keeps a profile (an app does not install in the
  // incognito-like contexts of Browser.newContext).
  profile = mkdtempSync(path.join(tmpdir(), 'lodestone-profile-'));
  installed = await chromium.launchPersistentContext(profile, { ...CHROMIUM_OPTIONS, viewport: { width: 1200, height: 900 } });
  installed.setDefaultTimeout(PATIENCE_MS);
  await installed.grantPermissions(['notifications'], { origin });
  // Counts the page's requests for permission.
  // Counts the page's requests for permission. Headless Chromium has no
  // push service to subscribe with (its subscribe never settles here), so
  // the browser's subscribe is played: it records the server key it was
  // given and answers with keys made as a browser makes them.
  await installed.addInitScript(() => {
    const page = /** @type {any} */ (window);
    const ask = Notification.requestPermission.bind(Notification);
    page.permissionAsked = 0;
    Notification.requestPermission = (...args) => {
      page.permissionAsked += 1;
      return ask(...args);
    };
    const b64 = (/** @type {ArrayBuffer} */ buffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    PushManager.prototype.subscribe = async function (options) {
      page.subscribedWith = b64(/** @type {ArrayBuffer} */ (options?.applicationServerKey));
      const pair = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']));
      const p256dh = b64(await crypto.subtle.exportKey('raw', pair.publicKey));
      const auth = b64(crypto.getRandomValues(new Uint8Array(16)).buffer);
      const json = { endpoint: 'https://push.example.net/send/ann', keys: { p256dh, auth } };
      return /** @type {PushSubscription} */ (/** @type {unknown} */ ({ options, toJSON: () => json }));
    };
  });
  const ann = installed.pages()[0] ?? (await installed.newPage());
  ann.on('pageerror', (error) => {
    throw new Error(`Ann's page threw: ${error.message}`);
  });
  await ann.goto(annUrl);
  await ann.locator('#name').fill('Ann');
  await ann.locator('#name').press('Enter');
  await ann.locator('#whoami', { hasText: 'Ann' }).waitFor();

  // The worker registers and controls the page (it claims it at once).
  await ann.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const cdp = await installed.newCDPSession(ann);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, [], JSON.stringify(installabilityErrors));
  const manifest = await cdp.send('Page.getAppManifest');
  assert.deepEqual(manifest.errors, []);
  assert.match(manifest.url, /\/manifest\.webmanifest$/);

  // The worker is named by the digest of the server's files; other files
  // make another worker, which takes over and drops the old shell.
  const [first] = await shellCaches(ann);
  assert.match(first, /^lodestone-shell-[0-9a-f]{24}$/);
  swap.on = true;
  await ann.evaluate(async () => (await navigator.serviceWorker.ready).update());
  await untilInPage(ann, async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('lodestone-shell'));
    return names.length === 1 && names[0] === 'lodestone-shell-next';
  });
  assert.equal(await ann.evaluate(() => navigator.serviceWorker.controller?.state), 'activated');
  await untilInPage(ann, async () => Boolean(await caches.match('/src/notify.js', { cacheName: 'lodestone-shell-next' })));

  // A game where it is Ann's move; the lobby says so and goes there.
  const room = await createRoom(ann, 'magneton');
  await sit(ann, 'white', 'Ann');
  const bo = await person(browser, server, 'Bo');
  await bo.goto(`${server.url}#/room/${room}`);
  await sit(bo, 'black', 'Bo');
  await ann.locator('#start').click();
  await ann.locator('#turn.your-turn').waitFor();
  await ann.goto(`${annUrl}#/`);
  await ann.locator('#turns', { hasText: 'Your move in 1 game' }).waitFor();
  await ann.locator('#turns .next-game').click();
  await ann.waitForURL(`**/#/room/${room}`);
  await ann.locator('#notify-room').waitFor();

  // Permission is asked only when the button is clicked.
  assert.equal(await ann.evaluate(() => /** @type {any} */ (window).permissionAsked), 0);
  await ann.locator('#notify-room').click();
  await ann.waitForFunction(() => /** @type {any} */ (window).permissionAsked === 1);
  // It subscribes with the server's key and gives the server the
  // subscription (the server's answer makes the page say so).
  await ann.locator('#messages .message', { hasText: 'This device will be told when it is your move.' }).waitFor();
  await ann.locator('#notify-room', { hasText: 'Notifications on (this device)' }).waitFor();
  const key = await (await fetch(`${server.url}api/push/key`)).json();
  assert.equal(await ann.evaluate(() => /** @type {any} */ (window).subscribedWith), key.public_key);

  // A push reaches the worker: a notification, whose click opens the room.
  await ann.goto(`${annUrl}#/`);
  await ann.locator('#turns').waitFor();
  /** @type {Promise<string>} */
  const registration = new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  const payload = {
    event: 'your-turn',
    room,
    game: 'magneton',
    players: ['Ann', 'Bo'],
    opponents: ['Bo'],
    title: 'Your move',
    text: 'Your move in Magneton against Bo',
    url: `/#/room/${room}`,
    at: Date.now(),
  };
  // The push goes to the registration's active worker; one that is still
  // starting (on a loaded machine) may miss it, as a push service would
  // then deliver it again: so it is sent again until a notification shows.
  const shownNow = () =>
    ann.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      const [n] = await reg.getNotifications();
      return n ? { title: n.title, body: n.body, tag: n.tag, url: n.data?.url } : null;
    });
  let shown = null;
  const deadline = Date.now() + PATIENCE_MS;
  while (!shown && Date.now() < deadline) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) });
    for (let i = 0; i < 20 && !shown; i++) {
      shown = await shownNow();
      if (!shown) await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  assert.deepEqual(shown, {
    title: 'Your move',
    body: 'Your move in Magneton against Bo',
    tag: `room-${room}`,
    url: `/#/room/${room}`,
  });
  const [worker] = installed.serviceWorkers();
  assert.ok(worker, 'the context has the service worker');
  await worker.evaluate(async () => {
    const sw = /** @type {any} */ (self);
    const [notification] = await sw.registration.getNotifications();
    sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }));
  });
  await ann.waitForURL(`**/#/room/${room}`);
  await ann.locator('#turn.your-turn').waitFor();

  // Offline after one visit: the shell comes from the worker's cache.
  await ann.goto(`${annUrl}#/`);
  await ann.locator('#turns', { hasText: 'Your move in 1 game' }).waitFor();
  await untilInPage(ann, async () => Boolean(await caches.match('/src/app.js')) && Boolean(await caches.match('/src/notify.js')));
  await server.kill();
  await ann.context().setOffline(true);
  await ann.reload();
  await ann.locator('#notice', { hasText: 'You are offline' }).waitFor();
  await ann.locator('#notice .offline-games li', { hasText: 'Magneton: your move since' }).waitFor();
  assert.equal(await ann.locator('h1').textContent(), 'Lodestone');
});
