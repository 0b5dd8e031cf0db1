/** @file Two people play a whole Magneton game by clicking, through the real server, while a third watches; then the winner downloads the record. */

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import {
  clickCells,
  createRoom,
  launchBrowser,
  movesShown,
  person,
  removeDir,
  screenshot,
  sit,
  startServer,
} from './harness.js';

/** @type {import('./harness.js').Server} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.kill();
  if (server) removeDir(server.dir);
});

// White wins in eight drops: black's C3 pulls white's C6 and H3 into the
// diagonal F1-E2-D3-C4 (docs/protocol.md, "A whole game").
const GAME = ['H3', 'B8', 'F1', 'E1', 'D2', 'F2', 'C6', 'C3'];

test('two players play Magneton to the end by clicking; a spectator follows', async () => {
  const ann = await person(browser, server, 'Ann');
  const room = await createRoom(ann, 'magneton', { 'move-rule': 'line' });
  await ann.locator('#turn', { hasText: 'Waiting for players: 0 of 2' }).waitFor();
  await sit(ann, 'white', 'Ann');

  // Bo is on a phone-sized screen, finds the room in the lobby list.
  const bo = await person(browser, server, 'Bo', { phone: true });
  await bo.locator(`tr[data-room="${room}"]`, { hasText: 'Ann' }).locator('a').click();
  await sit(bo, 'black', 'Bo');
  await ann.locator('.seat[data-seat="1"]', { hasText: 'Bo' }).waitFor();
  await bo.locator('#start').click();
  await ann.locator('#turn.your-turn').waitFor();
  await bo.locator('#turn', { hasText: 'To act: white (Ann)' }).waitFor();

  // Cy watches from the invite link.
  const cy = await person(browser, server, 'Cy');
  await cy.goto(`${server.url}#/room/${room}`);
  await cy.locator('#turn', { hasText: 'Watching' }).waitFor();
  assert.equal(await cy.locator('[data-sit]').count(), 0, 'no seats to take once started');

  for (const [i, square] of GAME.entries()) {
    const mover = i % 2 === 0 ? ann : bo;
    const other = i % 2 === 0 ? bo : ann;
    // Only the mover is offered squares.
    assert.equal(await other.locator('.cell.target').count(), 0);
    await clickCells(mover, [square]);
    await movesShown(other, i + 1);
    await movesShown(cy, i + 1);
    if (i === 0) {
      // The stone is drawn with its letter, and the spectator sees it too.
      await cy.locator('[data-cell="H3"] .stone.white').waitFor();
      assert.equal(await cy.locator('.cell.target').count(), 0, 'a spectator is offered no moves');
      await screenshot(bo, 'magneton-phone');
    }
  }

  await ann.locator('#result', { hasText: 'You win! white wins (four in a row)' }).waitFor();
  await bo.locator('#result', { hasText: 'You lose. white wins (four in a row)' }).waitFor();
  await cy.locator('#result', { hasText: 'Game over. white wins (four in a row)' }).waitFor();
  // The final position as docs/protocol.md shows it.
  for (const square of ['F1', 'E2', 'D3', 'C4']) await ann.locator(`[data-cell="${square}"] .stone.white`).waitFor();
  for (const square of ['E1', 'F2', 'C3', 'B8']) await ann.locator(`[data-cell="${square}"] .stone.black`).waitFor();
  assert.equal(await ann.locator('#moves li').count(), 8);
  await screenshot(ann, 'magneton');

  const [download] = await Promise.all([ann.waitForEvent('download'), ann.locator('#record').click()]);
  const record = await readFile(/** @type {string} */ (await download.path()), 'utf8');
  assert.match(record, /\[Game "magneton"\]/);
  assert.match(record, /\[Result "white wins \(four in a row\)"\]/);
  assert.match(record, /C3/);
});

test('a move can be typed, and a move is two clicks in the move phase', async () => {
  // Type the drops (keyboard play) until both hands are empty, then slide a
  // stone by pointing at it and at its destination.
  const ann = await person(browser, server, 'Ann2');
  await createRoom(ann, 'magneton');
  await sit(ann, 'white', 'Ann2');
  const bo = await person(browser, server, 'Bo2');
  await bo.goto(ann.url());
  await sit(bo, 'black', 'Bo2');
  await ann.locator('#start').click();
  // 24 drops chosen so that nobody makes four in a row: the two colours
  // alternate by file pairs.
  const drops = [
    'A1', 'A2', 'B1', 'B2', 'A3', 'A4', 'B3', 'B4', 'A5', 'A6', 'B5', 'B6',
    'G1', 'G2', 'H1', 'H2', 'G3', 'G4', 'H3', 'H4', 'G5', 'G6', 'H5', 'H6',
  ];
  let done = 0;
  for (const [i, square] of drops.entries()) {
    const mover = i % 2 === 0 ? ann : bo;
    // The server decides what is legal; drops pull stones around, so
    // type the square if it is still empty, else the first legal square.
    await mover.locator('#turn.your-turn').waitFor();
    const free = (await mover.locator(`[data-cell="${square}"].target`).count()) > 0;
    const input = mover.locator('#typed');
    if (free) await input.fill(square.toLowerCase());
    else await input.fill(/** @type {string} */ (await mover.locator('.cell.target').first().getAttribute('data-cell')));
    await input.press('Enter');
    done += 1;
    await movesShown(mover, done);
    if ((await ann.locator('#result:not([hidden])').count()) > 0) return; // a line happened anyway
  }
  const mover = (await ann.locator('#turn.your-turn').count()) > 0 ? ann : bo;
  await mover.locator('.cell.source').first().waitFor();
  const from = /** @type {string} */ (await mover.locator('.cell.source').first().getAttribute('data-cell'));
  await mover.locator(`[data-cell="${from}"]`).click();
  await mover.locator(`[data-cell="${from}"].chosen`).waitFor();
  const to = /** @type {string} */ (await mover.locator('.cell.target').first().getAttribute('data-cell'));
  await mover.locator(`[data-cell="${to}"]`).click();
  await movesShown(ann, 25);
  assert.equal(await ann.locator('#moves li:nth-child(25) .what').textContent(), `${from}-${to}`);
  await screenshot(ann, 'magneton-move-phase');
});
