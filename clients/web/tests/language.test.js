/** @file The page's language (docs/translating.md): French chosen in the settings shows the lobby and a room in French, with the page's `lang` following, and choosing English brings English back; without a choice the browser's language is used (German here), and English for a language without a catalogue. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, createRoom, PATIENCE_MS, person, sit, stage } from './harness.js';

const my = stage();

/**
 * Chooses a language in the settings form `form` (`lobby-settings` or
 * `room-settings`): the page loads again in it.
 * @param {import('playwright-core').Page} page
 * @param {string} form
 * @param {string} lang
 */
async function choose(page, form, lang) {
  const settings = page.locator(`#${form}`);
  if (!(await settings.evaluate((el) => /** @type {HTMLDetailsElement} */ (el).open))) await settings.locator('summary').click();
  await Promise.all([page.waitForEvent('load'), page.locator(`#${form}-language`).selectOption(lang)]);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

/**
 * Waits (at most the tests' patience) until `done()` holds.
 * @param {() => boolean} done
 * @param {string} what
 */
async function until(done, what) {
  const end = Date.now() + PATIENCE_MS;
  while (!done()) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('French chosen in the settings: the lobby and a room in French, the page’s lang follows; English comes back', async () => {
  const ann = await person(my.browser, my.server, 'Ann');
  // English by default in the test browser.
  assert.equal(await ann.evaluate(() => document.documentElement.lang), 'en');
  await ann.locator('#new-h', { hasText: 'New room' }).waitFor();
  // Every hello the page sends says its language, so the server's
  // refusals come back in it.
  /** @type {string[]} */
  const hellos = [];
  ann.on('websocket', (ws) =>
    ws.on('framesent', ({ payload }) => {
      const frame = typeof payload === 'string' ? JSON.parse(payload) : null;
      if (frame?.type === 'hello') hellos.push(frame.lang);
    }),
  );

  await choose(ann, 'lobby-settings', 'fr');
  await ann.locator('#new-h', { hasText: 'Nouvelle salle' }).waitFor();
  await ann.locator('#create', { hasText: 'Créer la salle' }).waitFor();
  await ann.locator('#play-computer', { hasText: 'Jouer contre l’ordinateur' }).waitFor();
  await ann.locator('#whoami', { hasText: 'Vous jouez en tant que Ann' }).waitFor();
  await until(() => hellos.length > 0, 'a hello after choosing French');
  assert.ok(hellos.every((l) => l === 'fr'), `hellos said ${hellos.join(', ')}`);
  await ann.locator('.top-nav a', { hasText: 'Tournois' }).waitFor();
  assert.equal(await ann.locator('.top-nav').getAttribute('aria-label'), 'Rubriques');
  // The option values in words, and the language setting shows the choice.
  await ann.locator('[data-option="move-rule"] option', { hasText: 'Règle de la ligne (habituel)' }).waitFor({ state: 'attached' });
  assert.equal(await ann.locator('#lobby-settings-language').inputValue(), 'fr');
  await assertAccessible(ann, 'the lobby in French');

  // A room: its words are French too.
  await createRoom(ann, 'magneton');
  await ann.locator('#seats-h', { hasText: 'Places' }).waitFor();
  await ann.locator('[data-sit="black"]', { hasText: 'S’asseoir ici' }).waitFor();
  await sit(ann, 'white', 'Ann');
  await ann.locator('.seat.you .seat-name', { hasText: 'blanc' }).waitFor();
  await ann.locator('.seat[data-seat="1"] .player', { hasText: '— libre —' }).waitFor();
  await ann.locator('#start', { hasText: 'Commencer (en attente de chaque place)' }).waitFor();
  await ann.locator('#leave', { hasText: 'Quitter la place' }).waitFor();
  // Plurals follow the language's rules: one seat of two taken.
  await ann.locator('#turn', { hasText: 'En attente de joueurs : 1 place prise sur 2.' }).waitFor();
  await ann.locator('h2.room-title', { hasText: /^Magneton · (règles standard|.*Règle de la ligne)/ }).waitFor();
  await assertAccessible(ann, 'a room in French');

  // Back to English, from the room's settings.
  const inFrench = hellos.length;
  await choose(ann, 'room-settings', 'en');
  await ann.locator('#seats-h', { hasText: 'Seats' }).waitFor();
  await until(() => hellos.length > inFrench, 'a hello after choosing English');
  assert.ok(hellos.slice(inFrench).every((l) => l === 'en'), `hellos said ${hellos.join(', ')}`);
  await ann.locator('#leave', { hasText: 'Leave seat' }).waitFor();
  await ann.locator('h2.room-title', { hasText: /^Magneton · (standard rules|.*Line rule)/ }).waitFor();
  await ann.locator('a[href="#/tournaments"]', { hasText: 'Tournaments' }).waitFor();
  await ann.goto(new URL('#/', my.server.url).href);
  await ann.locator('#new-h', { hasText: 'New room' }).waitFor();
  await ann.context().close();
});

test('without a choice, the browser’s language (German), or English when it has no catalogue', async () => {
  for (const [locale, lang, heading] of [
    ['de-DE', 'de', 'Neuer Raum'],
    ['es-ES', 'en', 'New room'],
  ]) {
    const context = await my.browser.newContext({ locale });
    context.setDefaultTimeout(PATIENCE_MS);
    const page = await context.newPage();
    await page.goto(my.server.url);
    await page.locator('#new-h', { hasText: heading }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang, locale);
    await context.close();
  }
});
