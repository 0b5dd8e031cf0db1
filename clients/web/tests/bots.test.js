/** @file The add-bot menu: every level named in words (from `/api/games`), and a searching bot seated from it answers a move. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickCells, createRoom, movesShown, person, sit, stage } from './harness.js';

const my = stage();

test('the add-bot menu names each level in words; a hard bot takes the seat and answers', async () => {
  const ann = await person(my.browser, my.server, 'Ann');
  await createRoom(ann, 'magneton');
  await sit(ann, 'white', 'Ann');
  const menu = ann.locator('[data-bot-level="black"]');
  await menu.waitFor();
  const labels = await menu.locator('option').allTextContents();
  assert.deepEqual(
    labels.map((l) => l.split(':')[0]),
    ['Random', 'Greedy', 'Easy', 'Normal', 'Hard'],
  );
  assert.ok(labels.every((l) => /: \w+/.test(l)), 'each level says how it plays');
  assert.equal(await menu.inputValue(), 'greedy', 'the default level is preselected');
  await menu.selectOption('hard');
  await ann.locator('[data-bot="black"]').click();
  await ann.locator('.seat[data-seat="1"] .player', { hasText: 'Bot (hard)' }).waitFor();
  await ann.locator('#start').click();
  await clickCells(ann, ['D4']);
  await movesShown(ann, 2);
  await ann.locator('#turn.your-turn').waitFor();
});
