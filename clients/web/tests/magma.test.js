/** @file Magma in the browser with the Hot timer: the clock counts down on the page, a move is played by pointing, a pass by its button; the board shows the home corners and the scores. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { confirmIfAsked, createRoom, movesShown, person, screenshot, sit, stage, twoPlayers } from './harness.js';

const my = stage();

test('a Hot Magma game: clock, a move by pointing, a pass', async () => {
  const { ann, bo } = await twoPlayers(my, 'magma', ['1', '2'], { options: { players: '2', timer: 'hot' } });

  // 91 cells, six of them home corners.
  await ann.locator('#board .cell').nth(90).waitFor();
  assert.equal(await ann.locator('#board .cell').count(), 91);
  assert.equal(await ann.locator('#board .cell.home').count(), 6);
  await ann.locator('.score-table tbody tr').first().waitFor();

  // The running clock counts down between updates.
  await ann.locator('#turn.your-turn').waitFor();
  const clock = ann.locator('.seat[data-seat="0"] .clock');
  await clock.filter({ hasText: /^\d+:\d\d$/ }).waitFor();
  const first = await clock.textContent();
  await ann.waitForFunction(
    (before) => document.querySelector('.seat[data-seat="0"] .clock')?.textContent !== before,
    first,
  );
  // The other player sees it too.
  await bo.locator('.seat[data-seat="0"] .clock').filter({ hasText: /^\d+:\d\d$/ }).waitFor();

  // Ann moves: the first piece offered (ring) or entry (dot), then, for a
  // piece, its first destination.
  const offered = ann.locator('#board .cell:is(.source, .target)').first();
  const wasSource = await offered.evaluate((el) => el.classList.contains('source'));
  await offered.click();
  if (wasSource) await ann.locator('#board .cell.target').first().click();
  await movesShown(bo, 1);
  // What the move did is marked on the other player's board until the next
  // move: the one cell the piece came to, as an entry or a step.
  await bo.locator('#board .cell.fx-to').first().waitFor();
  assert.equal(await bo.locator('#board .cell.fx-to').count(), 1);
  assert.equal(await bo.locator('#board .cell:is(.fx-entered, .fx-moved)').count(), 1);
  await screenshot(bo, 'magma');

  await bo.locator('#turn.your-turn').waitFor();
  await bo.locator('button[data-action="pass"]').click();
  // Passing lets Ann end the game by passing too: Bo is asked first.
  await confirmIfAsked(bo);
  await movesShown(ann, 2);
  assert.equal(await ann.locator('#moves li:nth-child(2) .what').textContent(), 'pass');
  // A pass moves nothing: the marks of Ann's move are gone.
  assert.equal(await ann.locator('#board .cell[class*="fx-"]').count(), 0);
});

test('a four-player Magma room shows its seats in two colour teams', async () => {
  const cy = await person(my.browser, my.server, 'Cy');
  await createRoom(cy, 'magma', { players: '4' });
  await cy.locator('.seat').nth(3).waitFor();
  assert.deepEqual(await cy.locator('.seat .team').allTextContents(), ['team 1', 'team 2', 'team 1', 'team 2']);
  await sit(cy, '3', 'Cy');
  await cy.locator('#turn', { hasText: '1 of 4 seats taken' }).waitFor();
});
