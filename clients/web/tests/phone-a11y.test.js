/** @file Every page and every board on a phone (390×844, touch) and a desktop, from the lobby to the end of a game of each: axe-core finds no serious or critical violation, nothing scrolls sideways with a 32-character name, every cell the player may pick is at least 44 px, the turn line and the clock stay on screen, moves are confirmed on the phone, keyboard play keeps the focus on the board, the rules open from the lobby and the room, and a Magnet arrangement survives a reload. Screenshots of each board land in test-artifacts/. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  assertAccessible,
  assertNoHorizontalScroll,
  clickCells,
  confirmIfAsked,
  movesShown,
  person,
  screenshot,
  sit,
  smallestTarget,
  stage,
  tap,
} from './harness.js';

const my = stage();

/** A 32-character name without a place to break the line. */
const LONG = 'AnastasiaKonstantinopoulouWolfXY';

/**
 * The phone player's checks while it may act: axe, no sideways scroll,
 * large enough targets, the turn line on screen.
 * @param {import('playwright-core').Page} phone
 * @param {string} where
 */
async function phoneChecks(phone, where) {
  await assertAccessible(phone, `${where} (phone)`);
  await assertNoHorizontalScroll(phone, where);
  const smallest = await smallestTarget(phone);
  assert.ok(smallest >= 44, `${where}: a cell to pick is only ${smallest.toFixed(1)} px`);
  await phone.evaluate(() => window.scrollTo(0, 0));
  const turn = await phone.locator('#turn').boundingBox();
  assert.ok(turn && turn.y >= 0 && turn.y + turn.height <= 844, `${where}: the turn line is off screen`);
}

/**
 * Both players' checks at the end of a game of `game` (its name: `Magnet`),
 * and both screens kept.
 * @param {import('playwright-core').Page} desk
 * @param {import('playwright-core').Page} phone
 * @param {string} game
 */
async function endChecks(desk, phone, game) {
  await assertAccessible(desk, `the end of ${game}`);
  await assertAccessible(phone, `the end of ${game} (phone)`);
  await assertNoHorizontalScroll(phone, `the end of ${game}`);
  await screenshot(desk, `${game.toLowerCase()}-end`);
  await screenshot(phone, `${game.toLowerCase()}-end-phone`);
}

/**
 * Plays a typed move (the exact notation of a legal action).
 * @param {import('playwright-core').Page} page
 * @param {string} action
 */
async function typed(page, action) {
  await page.locator('#turn.your-turn').waitFor();
  await page.locator('#typed').fill(action);
  await page.locator('#typed').press('Enter');
  await confirmIfAsked(page);
}

/**
 * Two people in a new room of `game`: the desktop one creates it and
 * takes `deskSeat`, the phone one (with the long name) takes `phoneSeat`.
 * @param {string} game
 * @param {Record<string, string>} options
 * @param {string} deskSeat
 * @param {string} phoneSeat
 */
async function table(game, options, deskSeat, phoneSeat) {
  const desk = await person(my.browser, my.server, `Desk ${game}`);
  await desk.locator('#game').selectOption(game);
  for (const [key, value] of Object.entries(options)) await desk.locator(`[data-option="${key}"]`).selectOption(value);
  await desk.locator('#create').click();
  await desk.waitForURL(/#\/room\//);
  await sit(desk, deskSeat, `Desk ${game}`);
  await assertAccessible(desk, `the ${game} waiting room`);
  const phone = await person(my.browser, my.server, LONG, { phone: true });
  await phone.goto(desk.url());
  await phone.locator('.seat').first().waitFor();
  await assertAccessible(phone, `the ${game} waiting room (phone)`);
  await assertNoHorizontalScroll(phone, `the ${game} waiting room`);
  await sit(phone, phoneSeat, LONG);
  await assertNoHorizontalScroll(phone, `the ${game} waiting room, seated`);
  await desk.locator('#start').click();
  await phone.locator('#turn', { hasText: /Your turn|Waiting for/ }).waitFor();
  return { desk, phone };
}

test('the lobby, its rules dialog and a new room: accessible, no sideways scroll, Magneton first', async () => {
  const phone = await person(my.browser, my.server, LONG, { phone: true });
  await assertNoHorizontalScroll(phone, 'the lobby');
  await assertAccessible(phone, 'the lobby (phone)');
  assert.equal(await phone.locator('#game').inputValue(), 'magneton', 'Magneton is the default new game');
  // Options in words, each with its explanation.
  await phone.locator('label[for="option-move-rule"]', { hasText: 'How stones slide' }).waitFor();
  assert.deepEqual(await phone.locator('#option-move-rule option').allTextContents(), ['Line rule (usual)', 'Per direction']);
  await phone.locator('#option-move-rule-help').waitFor();
  await screenshot(phone, 'lobby-phone', { page: true });

  const desk = await person(my.browser, my.server, 'Desk');
  await assertAccessible(desk, 'the lobby');
  for (const game of ['magneton', 'magnetism', 'magnet', 'magma']) {
    await desk.locator(`#rules-${game}`).click();
    await desk.locator('#rules .diagram-figure svg').first().waitFor();
    await assertAccessible(desk, `the rules of ${game}`);
    await screenshot(desk, `rules-${game}`, { page: true });
    await desk.keyboard.press('Escape');
    await desk.locator('#rules').waitFor({ state: 'hidden' });
  }
  await phone.locator('#rules-magnet').click();
  await assertNoHorizontalScroll(phone, 'the Magnet rules');
  await screenshot(phone, 'rules-magnet-phone', { page: true });
  await phone.keyboard.press('Escape');

  // The open rooms, filtered by game and by players.
  await desk.locator('#game').selectOption('magma');
  await desk.locator('[data-option="players"]').selectOption('3');
  await desk.locator('#create').click();
  await desk.waitForURL(/#\/room\//);
  const room = /** @type {string} */ (/#\/room\/([^?]+)/.exec(desk.url())?.[1]);
  await phone.locator(`#open-rooms tr[data-room="${room}"]`).waitFor();
  await phone.locator('#filter-players').selectOption('2');
  await phone.locator(`#open-rooms tr[data-room="${room}"]`).waitFor({ state: 'detached' });
  await phone.locator('#filter-players').selectOption('3');
  await phone.locator('#filter-game').selectOption('magneton');
  await phone.locator(`#open-rooms tr[data-room="${room}"]`).waitFor({ state: 'detached' });
  await phone.locator('#filter-game').selectOption('magma');
  await phone.locator(`#open-rooms tr[data-room="${room}"]`, { hasText: 'Magma' }).waitFor();
  await phone.context().close();
  await desk.context().close();
});

test('Magneton on a phone and a desktop: keyboard play keeps the focus, the phone confirms, the end shows the line', async () => {
  const { desk, phone } = await table('magneton', {}, 'white', 'black');
  // Keyboard: a square, an arrow to its neighbour, Enter; the focus stays
  // on the board after the move.
  await desk.locator('#turn.your-turn').waitFor();
  await desk.locator('[data-cell="G3"] .bg').focus();
  await desk.keyboard.press('ArrowRight');
  assert.equal(await desk.evaluate(() => document.activeElement?.closest('[data-cell]')?.getAttribute('data-cell')), 'H3');
  await desk.keyboard.press('Enter');
  await movesShown(desk, 1);
  assert.equal(await desk.evaluate(() => document.activeElement?.closest('#board') !== null), true, 'the focus left the board');
  assert.equal(await desk.locator('#confirm:not([hidden])').count(), 0, 'a desktop does not confirm by default');
  await assertAccessible(desk, 'Magneton in play');

  // The phone: the board turned to black, big squares, a confirmation.
  await phone.locator('#turn.your-turn').waitFor();
  await phoneChecks(phone, 'Magneton in play');
  assert.equal(await phone.title(), '● Your turn · Magneton — Lodestone');
  await phone.locator('[data-cell="B8"].target').click();
  await phone.locator('#confirm:not([hidden])', { hasText: 'drops on B8' }).waitFor();
  await assertAccessible(phone, 'the move confirmation (phone)');
  await screenshot(phone, 'magneton-confirm-phone', { page: true });
  await phone.locator('#confirm-no').click();
  assert.equal(await phone.locator('#moves li').count(), 1, 'cancel plays nothing');
  await clickCells(phone, ['B8']);
  await movesShown(desk, 2);
  assert.equal(await phone.title(), 'Magneton — Lodestone');
  await screenshot(phone, 'magneton-phone');

  for (const [i, square] of ['F1', 'E1', 'D2', 'F2', 'C6', 'C3'].entries()) {
    await clickCells(i % 2 === 0 ? desk : phone, [square]);
    await movesShown(desk, i + 3);
  }
  for (const [page, name] of [[desk, 'desk'], [phone, 'phone']]) {
    await page.locator('#result h3', { hasText: 'Desk magneton (white) wins.' }).waitFor();
    await assertAccessible(/** @type {any} */ (page), `the end of Magneton (${name})`);
  }
  await assertNoHorizontalScroll(phone, 'the end of Magneton');
  await phone.locator('#board .win-line').waitFor();
  await screenshot(phone, 'magneton-end-phone');
  await screenshot(desk, 'magneton-end');
});

test('Magnetism: the phone sees the board lengthwise with big squares; the race ends with the far row marked', async () => {
  const { desk, phone } = await table('magnetism', {}, 'black', 'white');
  // The secret opening: both may act.
  await phoneChecks(phone, 'the Magnetism opening');
  await assertAccessible(desk, 'the Magnetism opening');
  await screenshot(phone, 'magnetism-opening-phone');
  await clickCells(phone, ['g3']);
  await typed(desk, 'magnet i5');
  await movesShown(phone, 2);
  await phone.locator('#turn.your-turn').waitFor();
  await phoneChecks(phone, 'Magnetism in play');
  await screenshot(phone, 'magnetism-phone');
  await screenshot(desk, 'magnetism-play');
  const game = ['(k3) k1-k2', '(g3) l8-h4', '(k6) f1-h3', '(g5) h4-k1', '(k5) k2-k4'];
  for (const [i, action] of game.entries()) {
    await typed(i % 2 === 0 ? phone : desk, action);
    await movesShown(desk, i + 3);
  }
  await phone.locator('#result h3', { hasText: 'You lose.' }).waitFor();
  await desk.locator('#result', { hasText: 'ahead on the far row, 1 to 0' }).waitFor();
  await desk.locator('#board [data-cell="k1"].win').waitFor();
  await endChecks(desk, phone, 'Magnetism');
});

test('Hot Magma: clock and turn on the phone screen, taps through the lens, the end vote answered from the banner, the score table', async () => {
  const { desk, phone } = await table('magma', { players: '2', timer: 'hot' }, '2', '1');
  await phone.locator('#turn.your-turn').waitFor();
  await phoneChecks(phone, 'Magma in play');
  const clock = await phone.locator('#status-clock').boundingBox();
  assert.ok(clock && clock.y >= 0 && clock.y + clock.height <= 844, 'the clock is off screen');
  assert.match(/** @type {string} */ (await phone.locator('#status-clock').textContent()), /^\d+:\d\d left for you$/);
  // Homes carry their colour's letter as well as their colour.
  assert.equal(await phone.locator('#board .home-letter').count(), 6);
  await screenshot(phone, 'magma-phone');
  // A move by tapping: the piece, then its first destination.
  const offered = phone.locator('#board .cell:is(.source, .target)').first();
  const wasSource = await offered.evaluate((el) => el.classList.contains('source'));
  await tap(phone, offered);
  if (wasSource) await tap(phone, phone.locator('#board .cell.target').first());
  await confirmIfAsked(phone);
  await movesShown(desk, 1);
  await desk.locator('#turn.your-turn').waitFor();
  await assertAccessible(desk, 'Magma in play');
  await screenshot(desk, 'magma-play');
  await desk.locator('button[data-action="pass"]').click();
  await confirmIfAsked(desk);
  await phone.locator('#turn.your-turn').waitFor();
  // The phone proposes to end; the desk answers from the turn banner.
  await phone.locator('button[data-action="end?"]').click();
  await confirmIfAsked(phone);
  await desk.locator('#turn.your-turn', { hasText: `${LONG} (red) proposes to end the game. Do you agree?` }).waitFor();
  await assertAccessible(desk, 'a Magma vote');
  await desk.locator('#answer button[data-answer="end!"]').click();
  // Agreeing ends a game the desk loses on points: it is asked first.
  await confirmIfAsked(desk);
  for (const page of [desk, phone]) {
    await page.locator('#result', { hasText: 'Everyone agreed to end the game, so it was scored.' }).waitFor();
    await page.locator('#result .score-table tbody tr').nth(1).waitFor();
  }
  await assertAccessible(phone, 'the end of Magma (phone)');
  await assertAccessible(desk, 'the end of Magma');
  await assertNoHorizontalScroll(phone, 'the end of Magma');
  await screenshot(phone, 'magma-end-phone', { page: true });
  await screenshot(desk, 'magma-end');
});

test('Magnet: the arrangement survives a reload until confirmed; taps through the lens; the captured King ends the game', async () => {
  const { desk, phone } = await table('magnet', {}, 'blue', 'red');
  await phone.locator('#setup-done').waitFor();
  await phoneChecks(phone, 'the Magnet setup');
  await assertAccessible(desk, 'the Magnet setup');
  // Swap A3 (a 2) and E10 (a 3), then reload: the arrangement is kept.
  await tap(phone, phone.locator('[data-cell="A3"]'));
  await phone.locator('[data-cell="A3"].chosen').waitFor();
  await tap(phone, phone.locator('[data-cell="E10"]'));
  await phone.locator('[data-cell="E10"] .piece text', { hasText: '2' }).waitFor();
  await phone.reload();
  await phone.locator('#setup-done').waitFor();
  assert.equal(await phone.locator('[data-cell="A3"] .piece text').textContent(), '3');
  assert.equal(await phone.locator('[data-cell="E10"] .piece text').textContent(), '2');
  await screenshot(phone, 'magnet-setup-phone');
  await phone.locator('#setup-done').click();
  await desk.locator('#setup-done').click();
  await movesShown(phone, 2);
  assert.match(/** @type {string} */ (await phone.locator('#moves li:not(.secret) .what').first().textContent()), /A3:3 .*E10:2/);
  assert.equal(await phone.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('lodestone.magnet-setup')).length), 0, 'the kept arrangement is gone once confirmed');

  // Red's opening: the King from A2 to B2, next to blue's B1.
  await phone.locator('#turn.your-turn').waitFor();
  await phoneChecks(phone, 'Magnet in play');
  await screenshot(phone, 'magnet-phone');
  await typed(phone, 'G1 A2');
  await movesShown(desk, 3);
  await desk.locator('#turn.your-turn').waitFor();
  await assertAccessible(desk, 'Magnet in play');
  // The chooser says what each order does, in words.
  const several = await desk.locator('#legal-list option').evaluateAll((options) => {
    const count = new Map();
    for (const o of options) {
      const vertex = (o.getAttribute('value') ?? '').split(' ')[0];
      count.set(vertex, (count.get(vertex) ?? 0) + 1);
    }
    return [...count].find(([, n]) => n > 1)?.[0];
  });
  assert.ok(several, 'some magnet vertex offers several orders');
  await desk.locator(`[data-cell="${several}"]`).click();
  await desk.locator('#magnet-play').waitFor();
  await assertAccessible(desk, 'the Magnet chooser');
  assert.doesNotMatch(/** @type {string} */ (await desk.locator('#controls').textContent()), /default/);
  await screenshot(desk, 'magnet-chooser');
  await desk.keyboard.press('Escape');
  await typed(desk, 'B7');
  for (const page of [desk, phone]) await page.locator('#result', { hasText: /captured .+ King\./ }).waitFor();
  await desk.locator('#board .cell.win').waitFor();
  await endChecks(desk, phone, 'Magnet');
});

test('"Your games" names the game, the people and whose turn it is', async () => {
  const ann = await person(my.browser, my.server, 'Ann');
  await ann.locator('#game').selectOption('magneton');
  await ann.locator('#create').click();
  await ann.waitForURL(/#\/room\//);
  const room = /** @type {string} */ (/#\/room\/([^?]+)/.exec(ann.url())?.[1]);
  await sit(ann, 'white', 'Ann');
  await ann.locator('[data-bot="black"]').click();
  await ann.locator('#start:not([disabled])').click();
  await ann.locator('#turn.your-turn').waitFor();
  await ann.reload();
  await ann.locator('#turn.your-turn').waitFor();
  await ann.locator('a.back').click();
  const line = ann.locator(`#mine li[data-room="${room}"]`);
  await line.locator('.whose', { hasText: 'your turn' }).waitFor();
  assert.match(/** @type {string} */ (await line.textContent()), /^Magneton Ann \(white\), .+ \(black\) — your turn$/);
  await ann.context().close();
});
