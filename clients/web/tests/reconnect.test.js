/** @file The server is killed mid-game and started again on the same database and address: both pages say they are reconnecting, then show the current game and play on. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickCells, movesShown, privateGameUnderWay, stage, startServer } from './harness.js';


const my = stage();

test('players reconnect by themselves after a server restart and play on', async () => {
  // Bo comes by the private room's invite link.
  const { ann, bo } = await privateGameUnderWay(my.browser, my.server);

  const { dir, addr } = my.server;
  await my.server.kill();
  for (const page of [ann, bo]) {
    await page.locator('#notice', { hasText: 'reconnecting' }).waitFor();
    // Still showing the last known game while away.
    assert.equal(await page.locator('#moves li').count(), 2);
  }
  my.server = await startServer({ dir, bind: addr });
  for (const page of [ann, bo]) {
    await page.locator('#notice').waitFor({ state: 'hidden' });
    await page.locator('.seat[data-seat="0"] .presence.on').waitFor();
    await page.locator('.seat[data-seat="1"] .presence.on').waitFor();
  }
  await ann.locator('#turn.your-turn').waitFor();
  await clickCells(ann, ['C3']);
  await movesShown(bo, 3);
  await bo.locator('#turn.your-turn').waitFor();
  assert.equal(await bo.locator('#moves li:nth-child(3) .what').textContent(), 'C3');
});
