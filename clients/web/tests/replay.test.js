/** @file Replays in the browser: a finished Magneton game stepped through with the buttons, the arrow keys and the move list, a link to a position opened by someone else, and, during a Magnetism game, a player stepping back through what it saw (the other side's secret magnet still hidden) and returning to live. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, clickCells, movesShown, person, screenshot, stage, twoPlayers } from './harness.js';

const my = stage();

// White wins in eight drops (magneton.test.js).
const GAME = ['H3', 'B8', 'F1', 'E1', 'D2', 'F2', 'C6', 'C3'];

/**
 * Waits until the page shows ply `ply` of `total` in the replay bar.
 * @param {import('playwright-core').Page} page
 * @param {string} words
 */
async function at(page, words) {
  await page.locator('#replay-at', { hasText: words }).waitFor();
}

/**
 * The number of stones drawn on the board.
 * @param {import('playwright-core').Page} page
 */
async function stones(page) {
  return page.locator('#board [data-cell] .stone').count();
}

/**
 * The ply of the move marked as the one shown, or null.
 * @param {import('playwright-core').Page} page
 */
async function current(page) {
  const marked = page.locator('#moves li.current');
  if ((await marked.count()) === 0) return null;
  return Number(await marked.getAttribute('value'));
}

test('a finished game is stepped through with buttons, arrow keys and the move list; a link opens a position', async () => {
  const { ann, bo, room } = await twoPlayers(my, 'magneton', ['white', 'black'], { options: { 'move-rule': 'line' } });
  for (const [i, square] of GAME.entries()) {
    const mover = i % 2 === 0 ? ann : bo;
    await mover.locator('#turn.your-turn').waitFor();
    await clickCells(mover, [square]);
    await movesShown(ann, i + 1);
  }
  await ann.locator('#result h3', { hasText: 'You win!' }).waitFor();
  await at(ann, 'The end: move 8 of 8');
  assert.equal(await stones(ann), 8);
  assert.equal(await current(ann), 8, 'the last move is the one shown');

  // The buttons: first, then forward one move at a time.
  await ann.locator('#replay-first').click();
  await at(ann, 'Replay. The start, before move 1 of 8');
  assert.equal(await stones(ann), 0);
  assert.equal(await current(ann), null);
  assert.match(ann.url(), new RegExp(`#/room/${room}/ply/0$`));
  await ann.locator('#board.past').waitFor();
  assert.equal(await ann.locator('#replay-back').getAttribute('aria-disabled'), 'true');
  await ann.locator('#replay-forward').click();
  await at(ann, 'After move 1 of 8');
  await ann.locator('[data-cell="H3"] .stone.white').waitFor();
  assert.equal(await stones(ann), 1);
  assert.equal(await current(ann), 1);
  assert.equal(await ann.locator('#board .cell.target').count(), 0, 'nothing to play in a replay');
  await assertAccessible(ann, 'a replayed position');

  // The arrow keys, from the focused forward button.
  await ann.keyboard.press('ArrowRight');
  await at(ann, 'After move 2 of 8');
  await ann.locator('[data-cell="B8"] .stone.black').waitFor();
  assert.equal(await stones(ann), 2);
  await ann.keyboard.press('ArrowRight');
  await at(ann, 'After move 3 of 8');
  await ann.keyboard.press('ArrowLeft');
  await at(ann, 'After move 2 of 8');
  assert.match(ann.url(), /\/ply\/2$/);

  // The move list: a click on a move shows the position after it; Home
  // and End there go to the start and the end.
  await ann.locator('#moves li:nth-child(5) button').click();
  await at(ann, 'After move 5 of 8');
  assert.equal(await current(ann), 5);
  assert.equal(await stones(ann), 5);
  await ann.keyboard.press('ArrowLeft');
  await at(ann, 'After move 4 of 8');
  assert.equal(await current(ann), 4);
  await ann.keyboard.press('End');
  await at(ann, 'The end: move 8 of 8');
  assert.equal(await stones(ann), 8);
  assert.match(ann.url(), new RegExp(`#/room/${room}$`));
  await ann.locator('#board:not(.past)').waitFor();
  await ann.keyboard.press('Home');
  await at(ann, 'Replay. The start');
  await ann.locator('#replay-last').click();
  await at(ann, 'The end: move 8 of 8');
  // The winning line is drawn again at the end.
  assert.equal(await ann.locator('#board .cell.win').count(), 4);

  // A link to a position, opened by someone who did not play.
  await ann.locator('#moves li:nth-child(3) button').click();
  await at(ann, 'After move 3 of 8');
  const href = /** @type {string} */ (await ann.locator('#replay-link').getAttribute('href'));
  assert.equal(href, `#/room/${room}/ply/3`);
  await screenshot(ann, 'replay-magneton');
  const cy = await person(my.browser, my.server, 'Cy');
  await cy.goto(`${my.server.url}${href}`);
  await at(cy, 'After move 3 of 8');
  assert.equal(await current(cy), 3);
  assert.equal(await stones(cy), 3);
  await cy.keyboard.press('ArrowRight');
  await at(cy, 'After move 4 of 8');
  await assertAccessible(cy, 'a position opened from a link');
  // A ply past the end shows the end.
  await cy.goto(`${my.server.url}#/room/${room}/ply/99`);
  await at(cy, 'The end: move 8 of 8');
});

test('during a game a player steps back through what it saw, secrets kept, and returns to live', async () => {
  const { ann, bo } = await twoPlayers(my, 'magnetism', ['white', 'black'], { names: ['Ann2', 'Bo2'] });
  // White places its magnet first: secret from black until black places.
  await clickCells(ann, ['g4']);
  await movesShown(bo, 1);
  await clickCells(bo, ['d5']);
  for (const page of [ann, bo]) {
    await page.locator('[data-cell="g4"] .magnet.white').waitFor();
    await page.locator('[data-cell="d5"] .magnet.black').waitFor();
  }
  await at(bo, 'Live: move 2');
  assert.equal(await bo.locator('#replay-last .step-label').textContent(), 'Live');

  // Black steps back to ply 1: white's magnet was secret then, and stays
  // so in the replay.
  await bo.locator('#replay-back').click();
  await at(bo, 'After move 1 of 2');
  await bo.locator('.magnets', { hasText: 'white has placed its magnet (secret)' }).waitFor();
  assert.equal(await bo.locator('#board .magnet.white').count(), 0, 'white magnet hidden at ply 1 for black');
  // White's own replay of ply 1 shows its magnet.
  await ann.locator('#moves li:nth-child(1) button').click();
  await at(ann, 'After move 1 of 2');
  await ann.locator('[data-cell="g4"] .magnet.white').waitFor();
  await ann.locator('#replay-last').click();
  await at(ann, 'Live: move 2');

  // The game goes on while black looks back; black returns to live.
  await ann.locator('#turn.your-turn').waitFor();
  await clickCells(ann, ['f5', 'j1', 'g4']);
  await at(bo, 'After move 1 of 3');
  assert.equal(await bo.locator('#board .magnet.white').count(), 0);
  await bo.locator('#replay-last').click();
  await at(bo, 'Live: move 3');
  await bo.locator('[data-cell="f5"] .magnet.white').waitFor();
  await bo.locator('#turn.your-turn').waitFor();
  await bo.locator('#board .cell:is(.target, .source)').first().waitFor();
  assert.match(bo.url(), /#\/room\/[0-9a-f-]+$/);
});
