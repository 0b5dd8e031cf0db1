/** @file An honest connection: with the browser offline (`context.setOffline`), and separately with the server frozen (SIGSTOP) without closing any socket, the page says it is reconnecting within 3 s of the last word it heard, takes no move, marks the clocks stale, and is live again without a reload once the network or the server is back. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickCells, createRoom, movesShown, person, sit, stage } from './harness.js';

const my = stage();

/**
 * Waits until the page shows the connection as not live, and returns how
 * long after the last message it heard the page noticed (its own reading).
 * @param {import('playwright-core').Page} page
 */
async function notLive(page) {
  await page.locator('#notice:not([hidden])', { hasText: 'reconnecting' }).waitFor();
  await page.locator('.room.not-live').waitFor();
  return Number(await page.evaluate(() => document.body.dataset.silentMs));
}

/**
 * A move tried while not live is refused on the page: nothing is sent.
 * @param {import('playwright-core').Page} page
 * @param {number} moves the moves shown before
 */
async function refusesInput(page, moves) {
  const target = page.locator('#board .cell.target').first();
  // A tap, and the keyboard on the cell: neither sends anything.
  await target.click({ force: true });
  await target.locator('.bg').focus();
  await page.keyboard.press('Enter');
  await page.locator('#messages .message.error', { hasText: 'Not connected right now' }).first().waitFor();
  assert.equal(await page.locator('#moves li').count(), moves, 'a move was taken while not live');
  assert.equal(await page.locator('.clock.stale').count() > 0, true, 'the clocks are not marked stale');
  assert.match(/** @type {string} */ (await page.locator('#status-clock').textContent()), /not live/);
}

/**
 * Back to live without a reload: the notice goes, and a move is played.
 * @param {import('playwright-core').Page} page
 * @param {number} moves the moves shown before
 */
async function liveAgain(page, moves) {
  await page.locator('#notice').waitFor({ state: 'hidden' });
  await page.locator('.room:not(.not-live)').waitFor();
  assert.equal(await page.evaluate(() => /** @type {any} */ (window).sameDocument), true, 'the page was reloaded');
  assert.equal(await page.locator('.clock.stale').count(), 0);
  await page.locator('#turn.your-turn').waitFor();
  const cell = /** @type {string} */ (await page.locator('#board .cell.target').first().getAttribute('data-cell'));
  await clickCells(page, [cell]);
  await movesShown(page, moves + 1);
}

test('offline, then a frozen server: shown within 3 s, no move taken, clocks stale, live again without a reload', async () => {
  const ann = await person(my.browser, my.server, 'Ann');
  await createRoom(ann, 'magneton', { clock: '10+5' });
  await sit(ann, 'white', 'Ann');
  await ann.locator('[data-bot="black"]').click();
  await ann.locator('#start:not([disabled])').click();
  await ann.locator('#turn.your-turn').waitFor();
  await ann.evaluate(() => {
    /** @type {any} */ (window).sameDocument = true;
  });
  await clickCells(ann, ['A1']);
  await movesShown(ann, 2);
  await ann.locator('#turn.your-turn').waitFor();

  // The browser goes offline: no socket closes, nothing arrives.
  await ann.context().setOffline(true);
  const offline = await notLive(ann);
  assert.ok(offline <= 3000, `offline noticed ${offline} ms after the last word`);
  await refusesInput(ann, 2);
  await ann.context().setOffline(false);
  await liveAgain(ann, 2);
  await movesShown(ann, 4);
  await ann.locator('#turn.your-turn').waitFor();

  // The server freezes: its sockets stay open but say nothing.
  my.server.process.kill('SIGSTOP');
  let frozen;
  try {
    frozen = await notLive(ann);
    await refusesInput(ann, 4);
  } finally {
    my.server.process.kill('SIGCONT');
  }
  assert.ok(frozen <= 3000, `the frozen server noticed ${frozen} ms after the last word`);
  await liveAgain(ann, 4);
  await ann.context().close();
});
