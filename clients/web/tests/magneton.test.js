/** @file Two people play a whole Magneton game by clicking, through the real server, while a third finds the game in the lobby and watches; then the winner downloads the record. */

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { clickCells, confirmIfAsked, createRoom, movesShown, person, screenshot, sit, stage, twoPlayers, whiteAgainstABot } from './harness.js';

const my = stage();

// White wins in eight drops: black's C3 pulls white's C6 and H3 into the
// diagonal F1-E2-D3-C4 (docs/protocol.md, "A whole game").
const GAME = ['H3', 'B8', 'F1', 'E1', 'D2', 'F2', 'C6', 'C3'];

test('two players play Magneton to the end by clicking; a spectator follows', async () => {
  const ann = await person(my.browser, my.server, 'Ann');
  const room = await createRoom(ann, 'magneton', { 'move-rule': 'line' });
  await ann.locator('#turn', { hasText: 'Waiting for players: 0 of 2' }).waitFor();
  await sit(ann, 'white', 'Ann');

  // Bo is on a phone-sized screen, finds the room in the lobby list.
  const bo = await person(my.browser, my.server, 'Bo', { phone: true });
  await bo.locator(`tr[data-room="${room}"]`, { hasText: 'Ann' }).locator('a').click();
  await sit(bo, 'black', 'Bo');
  await ann.locator('.seat[data-seat="1"]', { hasText: 'Bo' }).waitFor();
  await bo.locator('#start').click();
  await ann.locator('#turn.your-turn').waitFor();
  await bo.locator('#turn', { hasText: 'Waiting for Ann (white)' }).waitFor();

  // Cy finds the game among the games in progress in the lobby, and watches.
  const cy = await person(my.browser, my.server, 'Cy');
  await cy.locator(`#playing tr[data-room="${room}"]`, { hasText: 'Ann' }).locator('a', { hasText: 'Watch' }).click();
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

  await ann.locator('#result h3', { hasText: 'You win! Ann (white) wins.' }).waitFor();
  await bo.locator('#result h3', { hasText: 'You lose. Ann (white) wins.' }).waitFor();
  await cy.locator('#result h3', { hasText: 'Game over. Ann (white) wins.' }).waitFor();
  await cy.locator('#result', { hasText: 'Ann (white) made four in a row, moved into place by the magnetic effect.' }).waitFor();
  assert.equal(await cy.locator('#result .result-raw').textContent(), 'In the record: white wins (four in a row)');
  // The winning line is drawn through its four stones.
  for (const page of [ann, bo, cy]) {
    assert.deepEqual((await page.locator('#board .cell.win').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-cell')))).sort(), ['C4', 'D3', 'E2', 'F1']);
    assert.equal(await page.locator('#board .win-line').count(), 1);
  }
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

test('moves by keyboard: typed, or a focused square and Enter; then a slide is two clicks', async () => {
  const { ann, bo } = await twoPlayers(my, 'magneton', ['white', 'black'], { names: ['Ann2', 'Bo2'], startedBy: 0 });
  // 24 drops that make no line (checked with `lodestone replay`); squares
  // repeat because drops pull and push stones away.
  const drops = [
    'C7', 'D4', 'C8', 'H3', 'A7', 'G6', 'A5', 'D4', 'F7', 'D7', 'F5', 'A2',
    'A5', 'B6', 'F7', 'F4', 'F7', 'E4', 'D4', 'D7', 'G2', 'C6', 'B2', 'E2',
  ];
  for (const [i, square] of drops.entries()) {
    const mover = i % 2 === 0 ? ann : bo;
    await mover.locator('#turn.your-turn').waitFor();
    if (i % 4 < 2) {
      await mover.locator('#typed').fill(square.toLowerCase());
      await mover.locator('#typed').press('Enter');
    } else {
      await mover.locator(`[data-cell="${square}"].target .bg`).focus();
      await mover.keyboard.press('Enter');
    }
    // A drop that lets the other side make four at once asks first.
    await confirmIfAsked(mover);
    await movesShown(ann, i + 1);
  }
  await ann.locator('.hands', { hasText: 'White (W): 0 · Black (B): 0' }).waitFor();
  // White slides: a stone that can move has a ring; after choosing it, its
  // destinations have dots.
  await ann.locator('#turn.your-turn').waitFor();
  const from = /** @type {string} */ (await ann.locator('.cell.source').first().getAttribute('data-cell'));
  await ann.locator(`[data-cell="${from}"]`).click();
  await ann.locator(`[data-cell="${from}"].chosen`).waitFor();
  const to = /** @type {string} */ (await ann.locator('.cell.target').first().getAttribute('data-cell'));
  await screenshot(ann, 'magneton-move-phase');
  await ann.locator(`[data-cell="${to}"]`).click();
  await movesShown(bo, 25);
  assert.equal(await bo.locator('#moves li:nth-child(25) .what').textContent(), `${from}-${to}`);
});

test('a bot takes the other seat and answers a move', async () => {
  const ann = await whiteAgainstABot(my, 'Ann3');
  await ann.locator('#start').click();
  await clickCells(ann, ['D4']);
  // The bot plays black's drop by itself.
  await movesShown(ann, 2);
  await ann.locator('#turn.your-turn').waitFor();
});

test('a move the server warns about asks for a yes even with confirmation off; cancel plays nothing', async () => {
  // An opening drop never loses, so this test adds a risk to the server's
  // updates on their way to the page: a drop on D4 or E5 "loses" (the bot
  // may take one of them; the other is still free then).
  const ann = await person(my.browser, my.server, 'Ann4');
  await ann.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => {
      const parsed = JSON.parse(String(message));
      const play = parsed.type === 'update' ? parsed.state.play : null;
      if (play) play.risks = Object.fromEntries(['D4', 'E5'].filter((a) => play.legal.includes(a)).map((a) => [a, 'loses']));
      ws.send(JSON.stringify(parsed));
    });
  });
  await ann.reload();
  await ann.locator('#whoami', { hasText: 'Ann4' }).waitFor();
  await createRoom(ann, 'magneton');
  await sit(ann, 'white', 'Ann4');
  await ann.locator('[data-bot="black"]').click();
  await ann.locator('#start:not([disabled])').click();
  await ann.locator('#turn.your-turn').waitFor();
  // An ordinary move goes at once on a desktop.
  await ann.locator('[data-cell="A1"].target').click();
  await movesShown(ann, 2);
  await ann.locator('#turn.your-turn').waitFor();
  const warned = (await ann.locator('[data-cell="D4"].target').count()) ? 'D4' : 'E5';
  await ann.locator(`[data-cell="${warned}"].target`).click();
  await ann.locator('#confirm.danger', { hasText: 'This move loses the game at once.' }).waitFor();
  assert.equal(await ann.evaluate(() => document.activeElement?.id), 'confirm-yes', 'the answer that plays has the focus, as after any move');
  await ann.keyboard.press('Escape');
  await ann.locator('#confirm').waitFor({ state: 'hidden' });
  assert.equal(await ann.locator('#moves li').count(), 2);
  // The typed move is warned about too, and "Play it" plays it.
  await ann.locator('#typed').fill(warned.toLowerCase());
  await ann.locator('#typed').press('Enter');
  await ann.locator('#confirm-yes').click();
  await movesShown(ann, 3);
  assert.equal(await ann.locator('#moves li:nth-child(3) .what').textContent(), warned);

  // The setting "confirm every move: always" asks on a desktop too.
  await ann.locator('#room-settings summary').click();
  await ann.locator('#room-settings-confirm').selectOption('on');
  await ann.locator('#turn.your-turn').waitFor();
  const square = /** @type {string} */ (await ann.locator('#board .cell.target').first().getAttribute('data-cell'));
  await ann.locator(`[data-cell="${square}"]`).click();
  await ann.locator('#confirm:not(.danger)', { hasText: `Play this move: drops on ${square}` }).waitFor();
  await ann.locator('#confirm-yes').click();
  await movesShown(ann, 5);
});
