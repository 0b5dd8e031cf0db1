/** @file Magnet in the browser: both players arrange their pieces in secret and play turns by clicking the magnet's vertex; one player's page never holds the other's hidden values, neither in the DOM nor in any WebSocket frame it receives. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { movesShown, screenshot, stage, twoPlayers } from './harness.js';

const my = stage();

/** Magnet vertices tried first (away from the kings), in order. */
const PREFERRED = ['F6', 'F5', 'F7', 'E5', 'G6', 'E6', 'G5', 'F4', 'F8'];

/**
 * Plays one Magnet turn by pointing: the first preferred vertex the page
 * offers (else the first offered); if the page then shows the chooser for
 * an order or promotions, its default choice is played.
 * @param {import('playwright-core').Page} page
 */
async function playTurn(page) {
  await page.locator('#turn.your-turn').waitFor();
  const offered = await page.locator('#board .cell.target').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-cell')));
  const vertex = PREFERRED.find((v) => offered.includes(v)) ?? offered[0];
  const before = await page.locator('#moves li').count();
  await page.locator(`[data-cell="${vertex}"]`).click();
  const chooser = page.locator('#magnet-play');
  const played = page.locator(`#moves li:nth-child(${before + 1})`);
  await chooser.or(played).first().waitFor();
  if ((await played.count()) === 0) await chooser.click();
}

test('Magnet: secret setups, turns by pointing, and no leak of hidden values', async () => {
  const { ann, bo, received } = await twoPlayers(my, 'magnet', ['red', 'blue'], { frames: true });
  const annFrames = received.ann;

  // Both arrange in secret by swapping pieces: Bo moves his King, Ann
  // hers, away from the first vertices.
  await bo.locator('#setup-done').waitFor();
  for (const [a, b] of [['B1', 'K5'], ['C1', 'K4']]) {
    await bo.locator(`[data-cell="${a}"]`).click();
    await bo.locator(`[data-cell="${a}"].chosen`).waitFor();
    await bo.locator(`[data-cell="${b}"]`).click();
  }
  await bo.locator('#setup-done').click();
  await ann.locator('[data-cell="A2"]').click();
  await ann.locator('[data-cell="J7"]').click();
  await ann.locator('[data-cell="J7"] .piece.red text', { hasText: 'K' }).waitFor();
  await ann.locator('#setup-done').click();
  await movesShown(ann, 2);
  await movesShown(bo, 2);
  // Bo sees his own setup and his pieces' kinds; Ann sees a commitment.
  const boSetup = /** @type {string} */ (await bo.locator('#moves li:not(.secret) .what', { hasText: 'setup B1:' }).textContent());
  assert.match(boSetup, /^setup( [A-K]\d+:(K|2|T2|3|T3|4)){12}$/);
  assert.equal(await bo.locator('#board .piece.blue.known').count(), 12);
  assert.match(/** @type {string} */ (await ann.locator('#moves li.secret .what').textContent()), /^secret \(commitment [0-9a-f]+…\)$/);
  await screenshot(bo, 'magnet-setup');

  for (let turn = 0; turn < 4; turn++) {
    const mover = turn % 2 === 0 ? ann : bo;
    const count = await mover.locator('#moves li').count();
    await playTurn(mover);
    await movesShown(ann, count + 1);
    await movesShown(bo, count + 1);
  }
  assert.equal(await ann.locator('#result:not([hidden])').count(), 0, 'four turns do not end the game');
  await screenshot(ann, 'magnet');

  // Ann's page: Bo's pieces show a rank, never a kind, and no piece of his
  // setup appears anywhere in the page.
  const blueTexts = await ann.locator('#board .piece.blue text').allTextContents();
  assert.ok(blueTexts.length > 0);
  for (const text of blueTexts) assert.match(text, /^\?(·\d)?$/, `a blue piece shows ${text}`);
  assert.equal(await ann.locator('#board .piece.blue.known').count(), 0);
  const tokens = boSetup.split(' ').slice(1);
  const html = await ann.content();
  for (const token of tokens) assert.ok(!html.includes(token), `Ann's page holds ${token}`);

  // Every frame Ann's page received: none holds Bo's setup or a kind of
  // his; every update shows his side closed.
  assert.ok(annFrames.length > 10);
  let updates = 0;
  for (const frame of annFrames) {
    for (const token of tokens) assert.ok(!frame.includes(token), `a frame holds ${token}: ${frame.slice(0, 300)}`);
    const message = JSON.parse(frame);
    if (message.type !== 'update' || !message.state.play) continue;
    updates += 1;
    const blue = message.state.play.board.blue;
    assert.equal(blue.open, false);
    for (const piece of blue.pieces) assert.deepEqual(Object.keys(piece).sort(), ['rank', 'vertex']);
    const blueSection = message.state.play.position.split('|')[1].trim();
    for (const token of blueSection === '-' ? [] : blueSection.split(/\s+/)) {
      assert.match(token, /^([A-K]\d+|x|t):(\?|K|2|T2|3|T3|4)(\^\d)?$/);
      if (/^[A-K]/.test(token)) assert.match(token, /^[A-K]\d+:\?/, `the position shows ${token}`);
    }
    for (const entry of message.state.play.moves) {
      if (entry.seat === 1 && entry.ply <= 2) assert.equal(entry.action ?? null, null, 'Bo\'s setup is sent to Ann');
    }
  }
  assert.ok(updates >= 6);
});
