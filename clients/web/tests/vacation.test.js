/** @file Vacation in the browser: an account goes on vacation from the lobby's "You" section (days and a message), its opponent in a correspondence game sees "on vacation until …" with the message on its seat and its clock stopped; coming back early starts the clock again and gives back the days not begun; the pages pass axe-core. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, createRoom, person, screenshot, sit, stage } from './harness.js';

const my = stage();

/**
 * Makes the page's guest the account `name`.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
async function register(page, name) {
  await page.locator('#account-name').fill(name);
  await page.locator('#account-password').fill('correct horse battery');
  await page.locator('#account-register').click();
  await page.locator('#account-status', { hasText: name }).waitFor();
}

test('an account goes on vacation from its settings, its opponent sees it, and it comes back early', async () => {
  const { server, browser } = my;
  const ann = await person(browser, server, 'Ann');
  await register(ann, 'Ann');
  const bo = await person(browser, server, 'Bo');
  await register(bo, 'Bo');
  await createRoom(ann, 'magneton', { clock: '1d/move' });
  await sit(ann, 'white', 'Ann');
  await bo.goto(ann.url());
  await sit(bo, 'black', 'Bo');
  await ann.locator('#start').click();
  const annClock = bo.locator('.seat[data-seat="0"] [data-clock]');
  await bo.locator('.seat[data-seat="0"] [data-clock].running').waitFor();

  // The section is in the lobby's "You" (after a reconnect: an account).
  await ann.goto(`${server.url}#/`);
  await ann.reload();
  await ann.locator('#vacation:not([hidden]) summary').click();
  await ann.locator('#vacation-status', { hasText: '30 of 30 vacation days left' }).waitFor();
  await ann.locator('#vacation-days').fill('3');
  await ann.locator('#vacation-message').fill('Hiking in the Alps');
  await ann.locator('#vacation-take').click();
  await ann.locator('#vacation-status', { hasText: /On vacation until .*27 of 30/ }).waitFor();
  await assertAccessible(ann, 'the lobby with the vacation section');

  const tag = bo.locator('.seat[data-seat="0"] .vacation-tag');
  await tag.waitFor();
  assert.match(await tag.textContent() ?? '', /^on vacation until .* — Hiking in the Alps$/);
  await bo.locator('.seat[data-seat="0"] [data-clock]:not(.running)').waitFor();
  assert.equal(await annClock.evaluate((el) => el.classList.contains('running')), false);
  await assertAccessible(bo, 'a room with a player on vacation');
  await screenshot(bo, 'vacation-seat');

  // Back early: one day begun is counted; the clock runs again.
  await ann.locator('#vacation-end').click();
  await ann.locator('#vacation-status', { hasText: '29 of 30 vacation days left' }).waitFor();
  await tag.waitFor({ state: 'detached' });
  await bo.locator('.seat[data-seat="0"] [data-clock].running').waitFor();
});
