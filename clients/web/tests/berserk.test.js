/** @file Berserk in the browser: in a room with `berserk=on` (an arena's games) a player goes berserk before their first move with a button that asks first; both players see the halved clock marked, and the button is gone. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { confirmed, person, sit, stage, talk } from './harness.js';

const my = stage();

test('a player goes berserk before the first move and both see the halved clock', async () => {
  const ann = await person(my.browser, my.server, 'Ann');
  const [made] = await talk(ann, [{ type: 'create_room', game: 'magneton', public: true, options: { clock: '5+3', berserk: 'on' } }]);
  assert.equal(made.type, 'ack', JSON.stringify(made));
  const address = new URL(`#/room/${made.room}`, ann.url()).href;
  await ann.goto(address);
  await sit(ann, 'white', 'Ann');
  const bo = await person(my.browser, my.server, 'Bo');
  await bo.goto(address);
  await sit(bo, 'black', 'Bo');
  await ann.locator('#start').click();

  // Bo asks, cancels, then goes berserk: 5 minutes less 2:30.
  await bo.locator('#berserk').click();
  await bo.locator('#confirm-no').click();
  await confirmed(bo, '#berserk', 'Berserk');
  const boClock = '.seat[data-seat="1"] [data-clock]';
  await bo.locator(boClock, { hasText: '2:30 · berserk' }).waitFor();
  await ann.locator(boClock, { hasText: '2:30 · berserk' }).waitFor();
  await bo.locator('#resign').waitFor();
  assert.equal(await bo.locator('#berserk').count(), 0, 'once only');
  assert.equal(await ann.locator('.seat[data-seat="0"] [data-clock]', { hasText: 'berserk' }).count(), 0);
  assert.equal(await ann.locator('#berserk').count(), 1, 'Ann may still');
});
