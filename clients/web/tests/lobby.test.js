/** @file The lobby puts what a newcomer wants first: "New room" and "Play the computer" above the fold on a 390×844 phone and a 1366×800 desktop; "Play the computer" seats the player against bots and starts at once; games in progress (where abandoned games pile up) come last and only a few at a time. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, clickCells, movesShown, person, screenshot, stage } from './harness.js';

const my = stage();

/**
 * Fails unless the element is wholly inside the viewport as the page opens.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @param {string} where
 */
async function aboveTheFold(page, selector, where) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator(selector).boundingBox();
  const height = await page.evaluate(() => window.innerHeight);
  assert.ok(box, `${where}: ${selector} is shown`);
  assert.ok(box.y >= 0 && box.y + box.height <= height, `${where}: ${selector} ends at ${Math.round(box.y + box.height)} px in a ${height} px window`);
}

test('"New room" and "Play the computer" above the fold on a phone and a desktop; the computer game starts at once and answers', async () => {
  const phone = await person(my.browser, my.server, 'Pia', { phone: true });
  await phone.locator('#create').waitFor();
  await aboveTheFold(phone, '#new-h', 'the phone lobby');
  await aboveTheFold(phone, '#create', 'the phone lobby');
  await aboveTheFold(phone, '#play-computer', 'the phone lobby');
  await screenshot(phone, 'lobby-top-phone', { page: true });

  const desk = await person(my.browser, my.server, 'Dora');
  await desk.setViewportSize({ width: 1366, height: 800 });
  await aboveTheFold(desk, '#create', 'the desktop lobby');
  await aboveTheFold(desk, '#play-computer', 'the desktop lobby');
  await assertAccessible(desk, 'the lobby');

  // The levels are the chosen game's; the usual one is preselected.
  assert.deepEqual(await desk.locator('#computer-level option').allTextContents(), ['Random', 'Greedy', 'Easy', 'Normal', 'Hard']);
  assert.equal(await desk.locator('#computer-level').inputValue(), 'greedy');
  await desk.locator('#computer-level').selectOption('easy');
  await desk.locator('#play-computer').click();
  await desk.waitForURL(/#\/room\//);
  // Seated, the bot in the other seat, started: no waiting room.
  await desk.locator('.seat[data-seat="0"] .player', { hasText: 'Dora' }).waitFor();
  await desk.locator('.seat[data-seat="1"] .player', { hasText: 'Bot (easy)' }).waitFor();
  await desk.locator('#turn.your-turn').waitFor();
  await clickCells(desk, ['D4']);
  await movesShown(desk, 2);
  await desk.locator('#turn.your-turn').waitFor();

  // A game of four against three bots, from the phone.
  await phone.locator('#game').selectOption('magma');
  await phone.locator('[data-option="players"]').selectOption('4');
  await phone.locator('#play-computer').click();
  await phone.waitForURL(/#\/room\//);
  await phone.locator('.seat[data-seat="3"] .player', { hasText: 'Bot' }).waitFor();
  await phone.locator('#turn', { hasText: /Your turn|Waiting for/ }).waitFor();
  assert.equal(await phone.locator('#start').count(), 0, 'the game started without a Start press');
  await phone.context().close();
  await desk.context().close();
});

test('games in progress come last, five at a time, the rest behind "Show more"', async () => {
  const host = await person(my.browser, my.server, 'Hal');
  for (let i = 0; i < 7; i += 1) {
    await host.locator('#play-computer').click();
    await host.waitForURL(/#\/room\//);
    await host.locator('#turn.your-turn').waitFor();
    await host.goto(`${my.server.url}#/`);
    await host.locator('#play-computer').waitFor();
  }
  const guest = await person(my.browser, my.server, 'Gus');
  const rows = guest.locator('#playing tbody tr');
  const more = guest.locator('#playing-more');
  await more.waitFor();
  assert.equal(await rows.count(), 5, 'five games shown at first');
  assert.match(await more.textContent() ?? '', /^Show \d+ more of \d+ games in progress$/);
  // The section is the page's last.
  assert.equal(await guest.evaluate(() => document.querySelector('.lobby > section:last-of-type')?.id), 'playing');
  await more.click();
  await more.waitFor({ state: 'hidden' });
  assert.ok((await rows.count()) >= 7, 'every game once asked for');
  await host.context().close();
  await guest.context().close();
});
