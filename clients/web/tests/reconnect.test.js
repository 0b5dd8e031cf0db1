/** @file The server is killed mid-game and started again on the same database and address: both pages say they are reconnecting, then show the current game and play on. */

import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { clickCells, createRoom, launchBrowser, movesShown, person, removeDir, sit, startServer } from './harness.js';

/** @type {import('./harness.js').Server | undefined} */
let server;
/** @type {import('playwright-core').Browser | undefined} */
let browser;

after(async () => {
  await browser?.close();
  await server?.kill();
  if (server) removeDir(server.dir);
});

test('players reconnect by themselves after a server restart and play on', async () => {
  server = await startServer();
  browser = await launchBrowser();
  const ann = await person(browser, server, 'Ann');
  const room = await createRoom(ann, 'magneton', {}, { private: true });
  await sit(ann, 'white', 'Ann');
  // Bo comes by the private room's invite link.
  const link = /** @type {string} */ (await ann.locator('#invite-url').textContent());
  assert.match(link, new RegExp(`#/room/${room}\\?invite=[0-9a-f]+$`));
  const bo = await person(browser, server, 'Bo');
  await bo.goto(link);
  await sit(bo, 'black', 'Bo');
  await ann.locator('#start').click();
  await clickCells(ann, ['D4']);
  await clickCells(bo, ['E5']);
  await movesShown(ann, 2);
  await movesShown(bo, 2);

  const { dir, addr } = server;
  await server.kill();
  for (const page of [ann, bo]) {
    await page.locator('#notice', { hasText: 'reconnecting' }).waitFor();
    // Still showing the last known game while away.
    assert.equal(await page.locator('#moves li').count(), 2);
  }
  server = await startServer({ dir, bind: addr });
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
