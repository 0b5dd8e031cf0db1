/** @file Whole games by keyboard alone, from the lobby to the result: Magneton, Magnetism, Magma and Magnet. Both people only press keys: Tab to the controls, arrow keys across the board, Enter and Escape; the focus is visible wherever it lands and stays on the board after each move. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PATIENCE_MS, movesShown, stage } from './harness.js';
import { arrowTo, assertFocusVisible, chooseByKeys, focusedCell, pressCell, tabTo } from './keys.js';

const my = stage();

/**
 * A person at the lobby who types their name (the page starts with the
 * focus nowhere in particular: Tab finds the field).
 * @param {string} name
 */
async function keyboardPerson(name) {
  const context = await my.browser.newContext({ viewport: { width: 1366, height: 800 } });
  context.setDefaultTimeout(PATIENCE_MS);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`${name}'s page threw: ${error.message}`);
  });
  await page.goto(my.server.url);
  await tabTo(page, '#name');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await page.locator('#whoami', { hasText: name }).waitFor();
  return page;
}

/**
 * Two people by keyboard: the first creates a room of `game` and takes
 * `seats[0]`, the second comes by the room's address and takes `seats[1]`;
 * the first starts the game.
 * @param {string} game
 * @param {[string, string]} seats
 * @param {[string, string]} names
 */
async function keyboardTable(game, seats, names) {
  const one = await keyboardPerson(names[0]);
  await tabTo(one, '#game');
  await chooseByKeys(one, game);
  await tabTo(one, '#create');
  await one.keyboard.press('Enter');
  await one.waitForURL(/#\/room\//);
  await tabTo(one, `[data-sit="${seats[0]}"]`);
  await one.keyboard.press('Enter');
  await one.locator('.seat.you', { hasText: names[0] }).waitFor();
  await focusKept(one, 'after taking a seat');
  const two = await keyboardPerson(names[1]);
  await two.goto(one.url());
  await tabTo(two, `[data-sit="${seats[1]}"]`);
  await two.keyboard.press('Enter');
  await two.locator('.seat.you', { hasText: names[1] }).waitFor();
  await focusKept(two, 'after taking a seat');
  // A few presses of Tab from the seat reach Start: the focus stayed in the seats.
  const presses = await tabTo(one, '#start:not([disabled])', { max: 15 });
  assert.ok(presses <= 15);
  await one.keyboard.press('Enter');
  await one.locator('#board svg').waitFor();
  await focusKept(one, 'after Start');
  return [one, two];
}

/**
 * After a room action: the focus did not fall back to the top of the page.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
async function focusKept(page, where) {
  const lost = await page.evaluate(() => !document.activeElement || document.activeElement === document.body);
  assert.ok(!lost, `${where}: the focus fell back to the top of the page`);
  await assertFocusVisible(page, where);
}

/**
 * After a move: the focus is still on the board, and visible.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
async function focusStays(page, where) {
  assert.notEqual(await focusedCell(page), null, `${where}: the focus left the board`);
  await assertFocusVisible(page, where);
}

/**
 * After a move was sent: if the page asks first (the server warns about
 * it), "Play it" has the focus, visibly, and Enter plays it; then the
 * move list holds `count` moves.
 * @param {import('playwright-core').Page} page
 * @param {number} count
 */
async function answered(page, count) {
  const sheet = page.locator('#confirm:not([hidden])');
  const played = page.locator(`#moves li:nth-child(${count})`);
  await sheet.or(played).first().waitFor();
  if ((await played.count()) === 0) {
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'confirm-yes');
    await assertFocusVisible(page, 'the confirmation');
    await page.keyboard.press('Enter');
  }
  await movesShown(page, count);
}

test('Magneton by keyboard alone: drops reached with the arrow keys, to four in a row', async () => {
  const [white, black] = await keyboardTable('magneton', ['white', 'black'], ['Ida', 'Jon']);
  const game = ['H3', 'B8', 'F1', 'E1', 'D2', 'F2', 'C6', 'C3'];
  for (const [i, square] of game.entries()) {
    const mover = i % 2 === 0 ? white : black;
    await mover.locator('#turn.your-turn').waitFor();
    await pressCell(mover, square);
    await answered(mover, i + 1);
    if (i < game.length - 1) await focusStays(mover, `Magneton move ${i + 1}`);
  }
  await white.locator('#result h3', { hasText: 'You win!' }).waitFor();
  await black.locator('#result h3', { hasText: 'You lose.' }).waitFor();
  await white.locator('#board .win-line').waitFor();
  await white.context().close();
  await black.context().close();
});

test('Magnetism by keyboard alone: the secret opening, magnet-piece-destination moves, to the race’s end', async () => {
  const [white, black] = await keyboardTable('magnetism', ['white', 'black'], ['Kay', 'Lee']);
  // The opening: each chooses a square of its zone at once.
  await white.locator('#turn.your-turn').waitFor();
  await pressCell(white, 'g3');
  await black.locator('#turn.your-turn').waitFor();
  await pressCell(black, 'i5');
  await movesShown(white, 2);
  // Then a move is three cells: the magnet's new square, the piece, where it goes.
  const game = [['k3', 'k1', 'k2'], ['g3', 'l8', 'h4'], ['k6', 'f1', 'h3'], ['g5', 'h4', 'k1'], ['k5', 'k2', 'k4']];
  for (const [i, cells] of game.entries()) {
    const mover = i % 2 === 0 ? white : black;
    await mover.locator('#turn.your-turn').waitFor();
    for (const cell of cells) await pressCell(mover, cell);
    await answered(mover, i + 3);
    await focusStays(mover, `Magnetism move ${i + 3}`);
  }
  await black.locator('#result h3', { hasText: 'You win!' }).waitFor();
  await white.locator('#result h3', { hasText: 'You lose.' }).waitFor();
  await black.locator('#result', { hasText: 'ahead on the far row, 1 to 0' }).waitFor();
  await white.context().close();
  await black.context().close();
});

test('Magma by keyboard alone: entries on the board, passes by their button, the game ends when both pass', async () => {
  const [first, second] = await keyboardTable('magma', ['1', '2'], ['Max', 'Noa']);
  for (const [i, page] of [first, second].entries()) {
    await page.locator('#turn.your-turn').waitFor();
    // An entry: the first cell offered, reached by the arrow keys.
    const cell = /** @type {string} */ (await page.locator('#board .cell.target').first().getAttribute('data-cell'));
    await pressCell(page, cell);
    await answered(page, i + 1);
    await focusStays(page, `Magma entry ${i + 1}`);
  }
  for (const [i, page] of [first, second].entries()) {
    await page.locator('#turn.your-turn').waitFor();
    await tabTo(page, 'button[data-action="pass"]');
    await page.keyboard.press('Enter');
    // A pass that lets the other side end the game (the second ends it)
    // is asked about first.
    await answered(page, i + 3);
  }
  for (const page of [first, second]) await page.locator('#result', { hasText: 'all passed' }).waitFor();
  await first.context().close();
  await second.context().close();
});

test('Magnet by keyboard alone: both setups confirmed, a turn with the order chosen among radio buttons, the King captured', async () => {
  const [blue, red] = await keyboardTable('magnet', ['blue', 'red'], ['Oda', 'Pim']);
  for (const page of [red, blue]) {
    await tabTo(page, '#setup-done');
    await page.keyboard.press('Enter');
  }
  await movesShown(red, 2);
  // Red's King from A2 to B2: the magnet on G1, then the order that moves A2.
  await red.locator('#turn.your-turn').waitFor();
  await pressCell(red, 'G1');
  await red.locator('#magnet-play').waitFor();
  await tabTo(red, 'input[name="order"]');
  for (let i = 0; i < 12 && (await red.evaluate(() => document.activeElement?.id)) !== 'order-G1-A2'; i += 1) {
    await red.keyboard.press('ArrowDown');
  }
  assert.equal(await red.evaluate(() => document.activeElement?.id), 'order-G1-A2');
  await assertFocusVisible(red, 'the order chosen');
  await tabTo(red, '#magnet-play');
  await red.keyboard.press('Enter');
  // It lets blue capture the King: the page warns first.
  await answered(red, 3);
  await movesShown(blue, 3);
  // Blue's magnet on B7 pulls a piece onto red's King.
  await blue.locator('#turn.your-turn').waitFor();
  await arrowTo(blue, 'B7');
  await blue.keyboard.press('Enter');
  const ended = blue.locator('#result:not([hidden])');
  await ended.or(blue.locator('#magnet-play')).first().waitFor();
  if ((await ended.count()) === 0) {
    await tabTo(blue, '#magnet-play');
    await blue.keyboard.press('Enter');
  }
  for (const page of [blue, red]) await page.locator('#result', { hasText: /captured .+ King\./ }).waitFor();
  await blue.locator('#result h3', { hasText: 'You win!' }).waitFor();
  await blue.context().close();
  await red.context().close();
});
