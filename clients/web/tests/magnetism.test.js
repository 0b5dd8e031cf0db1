/** @file Magnetism in the browser: the secret opening (the other magnet shows only as placed), then a move in three clicks: the magnet's new square, the piece, its destination. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickCells, movesShown, screenshot, stage, twoPlayers } from './harness.js';

const my = stage();

test('the secret opening and a magnet-then-piece move', async () => {
  const { ann, bo } = await twoPlayers(my, 'magnetism', ['white', 'black']);
  // Both choose at once; only squares of one's own zone are offered.
  await ann.locator('[data-cell="g4"].target').waitFor();
  assert.equal(await ann.locator('[data-cell="g5"].target').count(), 0);
  await clickCells(ann, ['g4']);
  await movesShown(bo, 1);
  await bo.locator('.magnets', { hasText: 'white has placed its magnet (secret)' }).waitFor();
  assert.equal(await bo.locator('.magnet.white').count(), 0, 'the white magnet is not drawn for black');
  assert.equal(await bo.locator('#moves li.secret').count(), 1);
  await ann.locator('[data-cell="g4"] .magnet.white').waitFor();
  await clickCells(bo, ['d5']);
  for (const page of [ann, bo]) {
    await page.locator('[data-cell="g4"] .magnet.white').waitFor();
    await page.locator('[data-cell="d5"] .magnet.black').waitFor();
  }
  // White: magnet to f5, then pull j1 to g4 (the square the magnet left).
  await ann.locator('#turn.your-turn').waitFor();
  await clickCells(ann, ['f5', 'j1']);
  await ann.locator('.preview .magnet.ghost').waitFor();
  await screenshot(ann, 'magnetism-choosing');
  await clickCells(ann, ['g4']);
  await movesShown(bo, 3);
  assert.equal(await bo.locator('#moves li:nth-child(3) .what').textContent(), '(f5) j1-g4');
  await bo.locator('[data-cell="g4"] .stone.white').waitFor();
  await bo.locator('[data-cell="f5"] .magnet.white').waitFor();
  await screenshot(bo, 'magnetism');
});
