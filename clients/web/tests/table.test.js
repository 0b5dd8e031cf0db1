/** @file At the table in the browser: a draw offer declined and a resignation (with its confirmation); the owner's controls on seats (add and remove a bot, free a seat, close the room), which a stranger never sees; the room's clock chosen in the lobby and shown beside each seat. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickCells, confirmed, movesShown, person, sit, stage, twoPlayers, whiteAgainstABot } from './harness.js';

const my = stage();

test('a draw offer is declined, then a player resigns after confirming, and both see why the game ended', async () => {
  const { ann, bo } = await twoPlayers(my, 'magneton', ['white', 'black'], { startedBy: 0 });
  await clickCells(ann, ['D4']);
  await movesShown(bo, 1);

  // Bo offers a draw; Ann sees it in the status bar and declines.
  await bo.locator('#offer-draw').click();
  await bo.locator('#draw-waiting').waitFor();
  await ann.locator('#draw-offered', { hasText: 'Bo (black) offers a draw' }).waitFor();
  await ann.locator('#draw-decline').click();
  await bo.locator('#offer-draw').waitFor();
  assert.equal(await ann.locator('#draw-offered').count(), 0);

  // Resigning asks first; "Cancel" changes nothing.
  await ann.locator('#resign').click();
  await ann.locator('#confirm:not([hidden])').waitFor();
  await ann.locator('#confirm-no').click();
  assert.equal(await ann.locator('#result:not([hidden])').count(), 0);
  await confirmed(ann, '#resign', 'Resign');
  await ann.locator('#result h3', { hasText: 'You lose.' }).waitFor();
  await bo.locator('#result h3', { hasText: 'You win!' }).waitFor();
  await bo.locator('#result .reason', { hasText: 'Ann (white) resigned.' }).waitFor();
  assert.equal(await bo.locator('#resign').count(), 0, 'no table buttons once the game is over');
});

test('only the owner adds, removes and kicks; a stranger sees no such buttons; the owner closes the room', async () => {
  const ann = await whiteAgainstABot(my, 'Ann');
  await ann.locator('.seat.you .owner-tag').waitFor();
  await ann.locator('.seat[data-seat="1"] .player', { hasText: 'Bot (greedy)' }).waitFor();

  // A stranger watching the room may not change it.
  const eve = await person(my.browser, my.server, 'Eve');
  await eve.goto(ann.url());
  await eve.locator('.seat[data-seat="1"] .player', { hasText: 'Bot (greedy)' }).waitFor();
  assert.equal(await eve.locator('[data-bot], [data-remove-bot], [data-kick], #close-room').count(), 0);

  // The owner takes the bot away; the stranger sits and sees no owner's
  // buttons; the owner could free her seat.
  await ann.locator('[data-remove-bot="black"]').click();
  await eve.locator('[data-sit="black"]').waitFor();
  assert.equal(await eve.locator('[data-bot]').count(), 0, 'no "Add a bot" for a stranger');
  await sit(eve, 'black', 'Eve');
  await ann.locator('[data-kick="black"]').waitFor();
  assert.equal(await eve.locator('[data-kick], #close-room').count(), 0);

  // Closing asks first, then everyone sees the room closed.
  await confirmed(ann, '#close-room', 'Close the room');
  await eve.locator('#turn', { hasText: 'This room is closed' }).waitFor();
  await ann.locator('#turn', { hasText: 'This room is closed' }).waitFor();
});

test('a clock chosen in the lobby counts down beside the seat to act', async () => {
  const ann = await whiteAgainstABot(my, 'Ann', { clock: '5+3' });
  await ann.locator('#start').click();
  const mine = ann.locator('.seat[data-seat="0"] [data-clock]');
  await ann.locator('.seat[data-seat="0"] [data-clock].running', { hasText: /^[45]:\d\d$/ }).waitFor();
  await ann.locator('#status-clock', { hasText: 'left for you' }).waitFor();
  await clickCells(ann, ['D4']);
  // After the move: 3 s more than was left (over 5:00 again).
  await movesShown(ann, 2);
  assert.match(await mine.innerText(), /^5:0\d$/);
});
