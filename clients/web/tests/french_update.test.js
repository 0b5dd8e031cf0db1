/**
 * @file A page in French through a service-worker update (issue 33,
 * docs/translating.md): French is chosen in the settings, a newer server's
 * worker (another digest of the files, played by the harness's proxy)
 * takes over the open page and keeps its own copy of the French catalogue,
 * and the page stays French: as it is, loaded again through the new
 * worker, and opened again with the server gone, from the new worker's
 * shell.
 */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { person, proxyTo, stage, untilInPage } from './harness.js';

const my = stage();

/**
 * The lobby in French: the page's language and the words of its headings,
 * with none of English's.
 * @param {import('playwright-core').Page} page
 * @param {string} when
 */
async function lobbyInFrench(page, when) {
  await page.locator('#new-h', { hasText: 'Nouvelle salle' }).waitFor();
  await page.locator('#create', { hasText: 'Créer la salle' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr', when);
  const text = await page.locator('body').innerText();
  for (const english of ['New room', 'Create room', 'Tournaments']) assert.ok(!text.includes(english), `${when}: "${english}" is shown`);
}

test('a page in French takes a new service worker and stays French, online and offline', async () => {
  const proxy = await proxyTo(my.server.url);
  my.atEnd(() => proxy.close());
  // The browser's own language is English; French is the page's setting.
  const ann = await person(my.browser, { ...my.server, url: proxy.url }, 'Ann');
  await ann.locator('#new-h', { hasText: 'New room' }).waitFor();
  const settings = ann.locator('#lobby-settings');
  await settings.locator('summary').click();
  await Promise.all([ann.waitForEvent('load'), ann.locator('#lobby-settings-language').selectOption('fr')]);
  await lobbyInFrench(ann, 'French chosen');

  // The first worker controls the page and keeps the French catalogue.
  await ann.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const [first] = await untilInPage(ann, async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('lodestone-shell'));
    return names.length === 1 && (await caches.match('/i18n/fr/web.ftl')) ? names : undefined;
  });
  assert.match(first, /^lodestone-shell-[0-9a-f]{24}$/);

  // A newer server's worker: it takes over the open page at once and
  // drops the old shell.
  proxy.swap.on = true;
  await ann.evaluate(async () => (await navigator.serviceWorker.ready).update());
  await untilInPage(ann, async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith('lodestone-shell'));
    return names.length === 1 && names[0] === 'lodestone-shell-next';
  });
  assert.equal(await ann.evaluate(() => navigator.serviceWorker.controller?.state), 'activated');
  // The page, as it is, still French.
  await lobbyInFrench(ann, 'after the update, not reloaded');
  // The new worker keeps the files the page loaded, the French catalogue
  // among them.
  await untilInPage(ann, async () => Boolean(await caches.match('/i18n/fr/web.ftl', { cacheName: 'lodestone-shell-next' })));

  // Loaded again through the new worker: French.
  await ann.reload();
  await lobbyInFrench(ann, 'reloaded after the update');
  await ann.locator('#whoami', { hasText: 'Vous jouez en tant que Ann' }).waitFor();

  // With the server gone, the new worker's shell: French, offline.
  proxy.close();
  await ann.context().setOffline(true);
  await ann.reload();
  await ann.locator('#notice', { hasText: 'Vous êtes hors ligne.' }).waitFor();
  assert.equal(await ann.evaluate(() => document.documentElement.lang), 'fr', 'offline after the update');
  assert.ok(!(await ann.locator('#notice').innerText()).includes('You are offline'));
  await ann.context().close();
});
