/** @file Tournaments in the browser: organizing one from the list page, entering it, a computer player added, the start, following "Go to your game" to one's room, and another person's page (a phone) seeing the standings change after the game without a reload; axe-core on the new pages and no horizontal scroll at 390 px. A Magma event of fixed teams: organized with its team option, entered naming a team on a phone, the team standings and each player's team on the page. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, assertNoHorizontalScroll, confirmed, person, screenshot, stage } from './harness.js';

const my = stage();

test('join a tournament, go to one\'s game, and see the standings change live', async () => {
  const ann = await person(my.browser, my.server, 'Ann');
  await ann.locator('nav.top-nav a', { hasText: 'Tournaments' }).click();
  await ann.locator('.tournament-list[data-status="upcoming"]').waitFor();
  await ann.locator('details.organize summary').click();
  await assertAccessible(ann, 'the tournament list with its form');
  await ann.locator('#t-name').fill('Friday league');
  await ann.locator('#t-format').selectOption('round-robin');
  await ann.locator('#t-bots').check();
  await ann.locator('#t-create').click();
  await ann.locator('.tournament-head h2', { hasText: 'Friday league' }).waitFor();
  const address = ann.url();
  assert.match(address, /#\/tournament\/[0-9a-f-]+$/);

  // Bob follows it on a phone.
  const bob = await person(my.browser, my.server, 'Bob', { phone: true });
  await bob.goto(address);
  await bob.locator('.tournament-head h2', { hasText: 'Friday league' }).waitFor();

  await ann.locator('#t-join').click();
  await ann.locator('#standings tr[data-player]', { hasText: 'Ann' }).waitFor();
  await ann.locator('#t-bot').click();
  await bob.locator('#standings tr[data-player]', { hasText: 'Bot 1' }).waitFor();
  await ann.locator('#t-start').click();
  await ann.locator('.round[data-round="1"] li').first().waitFor();
  await assertAccessible(ann, 'a running tournament');
  await assertAccessible(bob, 'a running tournament on a phone');
  await assertNoHorizontalScroll(bob, 'a running tournament on a phone');
  await screenshot(bob, 'tournament-phone', { page: true });

  // Ann's own game, one click away; she resigns it.
  await ann.locator('#go-to-game').click();
  await ann.waitForURL(/#\/room\//);
  await confirmed(ann, '#resign', 'Resign');
  await ann.locator('#result').waitFor();

  // Bob's page shows the result without a reload: the bot has a point.
  const botRow = bob.locator('#standings tr[data-player]', { hasText: 'Bot 1' });
  await botRow.locator('.points', { hasText: /^1$/ }).waitFor();
  assert.equal(await bob.locator('#standings tbody tr').first().getAttribute('data-player'), await botRow.getAttribute('data-player'));
  await bob.locator('.tournament-head p', { hasText: 'Finished' }).waitFor();
  await assertNoHorizontalScroll(bob, 'a finished tournament on a phone');
  await assertAccessible(bob, 'a finished tournament on a phone');
});

test('a Magma event of fixed teams: enter naming a team, see the team standings', async () => {
  const ann = await person(my.browser, my.server, 'Ann');
  await ann.locator('nav.top-nav a', { hasText: 'Tournaments' }).click();
  await ann.locator('details.organize summary').click();
  await ann.locator('#t-name').fill('Pairs night');
  await ann.locator('#t-format').selectOption('magma');
  await ann.locator('#t-teams').check();
  await ann.locator('#t-bots').check();
  await ann.locator('#t-create').click();
  await ann.locator('.tournament-head h2', { hasText: 'Pairs night' }).waitFor();
  const address = ann.url();

  // Bob enters on a phone, naming a new team.
  const bob = await person(my.browser, my.server, 'Bob', { phone: true });
  await bob.goto(address);
  await bob.locator('#t-team').fill('Owls');
  await bob.locator('#t-join').click();
  await bob.locator('#team-standings tr[data-team="Owls"]', { hasText: 'Bob' }).waitFor();
  await bob.locator('#standings tr[data-player]', { hasText: 'Bob' }).locator('.team', { hasText: 'Owls' }).waitFor();

  // Ann makes her own team; the computer players fill the teams with room.
  await ann.locator('#t-team').fill('Hawks');
  await ann.locator('#t-join').click();
  await ann.locator('#t-bot').click();
  await ann.locator('#team-standings tr[data-team="Owls"]', { hasText: 'Bot 1' }).waitFor();
  await ann.locator('#t-bot').click();
  await bob.locator('#team-standings tr[data-team="Hawks"]', { hasText: 'Bot 2' }).waitFor();
  await ann.locator('#t-start').click();
  await ann.locator('.round[data-round="1"] li').first().waitFor();
  assert.equal(await ann.locator('#team-standings tbody tr').count(), 2);
  await assertAccessible(ann, 'a running event of fixed teams');
  await assertAccessible(bob, 'a running event of fixed teams on a phone');
  await assertNoHorizontalScroll(bob, 'a running event of fixed teams on a phone');
});
