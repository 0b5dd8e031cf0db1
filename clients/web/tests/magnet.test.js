/** @file Magnet in the browser: both players arrange their pieces in secret and play turns by clicking the magnet's vertex; one player's page never holds the other's hidden values, neither in the DOM nor in any WebSocket frame it receives. */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createRoom, launchBrowser, movesShown, person, removeDir, screenshot, sit, startServer } from './harness.js';

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

/** Blue's start vertices (the reflections of red's). */
const BLUE_START = ['B1', 'C1', 'D1', 'E1', 'G1', 'H1', 'I1', 'J1', 'K2', 'K3', 'K4', 'K5'];
const KINDS = ['K', '2', 'T2', '3', 'T3', '4'];

/**
 * Plays one Magnet turn by pointing: the first magnet vertex offered; if
 * the page then asks for an order or promotions, it takes what it offers.
 * @param {import('playwright-core').Page} page
 */
async function playTurn(page) {
  await page.locator('#turn.your-turn').waitFor();
  await page.locator('#board .cell.target').first().click();
  const play = page.locator('#magnet-play');
  // One legal turn for that vertex is played at once; several open the
  // chooser, whose default choice is legal.
  const before = await page.locator('#moves li').count();
  await Promise.race([
    play.waitFor().then(() => play.click()),
    page.locator(`#moves li:nth-child(${before + 1})`).waitFor(),
  ]);
}

test('Magnet: secret setups, turns by pointing, and no leak of hidden values', async (t) => {
  const games = await (await fetch(`${server.url}api/games`)).json();
  if (!games.some((/** @type {{game: string}} */ g) => g.game === 'magnet')) {
    t.skip('the server does not play Magnet yet');
    return;
  }
  const ann = await person(browser, server, 'Ann');
  /** @type {string[]} */
  const annFrames = [];
  ann.on('websocket', (ws) => ws.on('framereceived', (frame) => annFrames.push(String(frame.payload))));
  // The page's socket opened before the hook: reload so every frame is seen.
  await ann.reload();
  await ann.locator('#whoami', { hasText: 'Ann' }).waitFor();
  await createRoom(ann, 'magnet');
  await sit(ann, 'red', 'Ann');
  const bo = await person(browser, server, 'Bo');
  await bo.goto(ann.url());
  await sit(bo, 'blue', 'Bo');
  await bo.locator('#start').click();

  // Both arrange in secret. Bo shuffles, so his setup is not the default.
  await bo.locator('#setup-done').waitFor();
  await bo.locator('button', { hasText: 'Shuffle' }).click();
  await bo.locator('#setup-done').click();
  await ann.locator('#setup-done').click();
  await movesShown(ann, 2);
  await movesShown(bo, 2);
  // Bo's own pieces show their kinds on his page.
  const boKinds = await bo.locator('#board .piece.blue.known text').allTextContents();
  assert.equal(boKinds.length, 12);

  for (let turn = 0; turn < 4; turn++) {
    const mover = turn % 2 === 0 ? ann : bo;
    const count = await mover.locator('#moves li').count();
    await playTurn(mover);
    await movesShown(ann, count + 1);
    await movesShown(bo, count + 1);
    if ((await ann.locator('#result:not([hidden])').count()) > 0) break;
  }
  await screenshot(ann, 'magnet');
  await screenshot(bo, 'magnet-blue');

  if ((await ann.locator('#result:not([hidden])').count()) === 0) {
    // The DOM of Ann's page: Bo's pieces show a rank, never a kind.
    const blueTexts = await ann.locator('#board .piece.blue text').allTextContents();
    assert.ok(blueTexts.length > 0);
    for (const text of blueTexts) assert.match(text, /^\?(·\d)?$/, `a blue piece shows ${text}`);
    assert.equal(await ann.locator('#board .piece.blue.known').count(), 0);
    const html = await ann.content();
    for (const v of BLUE_START) {
      for (const k of KINDS) assert.ok(!html.includes(`${v}:${k}`), `the page holds ${v}:${k}`);
    }
    assert.ok(!/setup B1:/i.test(html));
    // Every frame Ann's page received: no blue setup, no blue kind.
    assert.ok(annFrames.length > 0);
    for (const frame of annFrames) {
      assert.ok(!/setup\s+B1:/i.test(frame), 'a frame holds blue\'s setup');
      for (const v of BLUE_START) {
        for (const k of KINDS) assert.ok(!frame.includes(`${v}:${k}`), `a frame holds ${v}:${k}: ${frame.slice(0, 200)}`);
      }
    }
  }
});
