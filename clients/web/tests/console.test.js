/** @file The moderators' console in the browser (issue 32): the first account is an admin and appoints a moderator from a player's history; a player's report reaches the moderator's queue with its chat line, and the moderator takes it and resolves it with a chat timeout, which then holds; a player gets no console (no link, no data); axe-core finds no serious violation on the console's pages. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, person, register, screenshot, stage, talk } from './harness.js';

const my = stage({ start: false });

test('a moderator resolves a report from the console, and only moderators get one', async () => {
  const server = await my.start({ args: ['--first-account-is-admin'] });
  const { browser } = my;

  // The first account is the admin: its page links to the console.
  const ann = await person(browser, server, 'Ann');
  await register(ann, 'Ann');
  await ann.locator('#whoami a.console-link').click();
  await ann.locator('.console-page p[role="status"]', { hasText: 'You are an admin.' }).waitFor();
  await ann.locator('#console-audit').waitFor();
  await assertAccessible(ann, 'the console of an admin');

  // Ann appoints Mo from his history.
  const mo = await person(browser, server, 'Mo');
  await register(mo, 'Mo');
  assert.equal(await mo.locator('#whoami a.console-link').count(), 0, 'no console for a player');
  await ann.locator('#console-lookup').fill('Mo');
  await ann.locator('#console-lookup').press('Enter');
  await ann.locator('#console-history', { hasText: 'History of Mo' }).waitFor();
  await ann.locator('#set-role', { hasText: 'Make moderator' }).click();
  await ann.locator('#set-role', { hasText: 'Dismiss as moderator' }).waitFor();

  // Rude says something in a room; Cy, seated there, reports the line.
  const rude = await person(browser, server, 'Rude');
  const cy = await person(browser, server, 'Cy');
  const [made] = await talk(rude, [
    { type: 'create_room', game: 'magneton', public: true, options: {} },
    { type: 'join', room: '$room', seat: 0 },
  ]);
  const room = made.room;
  const [, said] = await talk(rude, [
    { type: 'watch', room },
    { type: 'chat', room, text: 'you play like a potato' },
  ]);
  const [joined, reported] = await talk(cy, [
    { type: 'join', room, seat: 1 },
    { type: 'report', player: 'Rude', room, line: said.version, reason: 'insults' },
  ]);
  assert.equal(joined.type, 'ack');
  assert.equal(reported.type, 'ack', JSON.stringify(reported));

  // Mo's console: the report with its line; take it, then resolve it
  // with a chat timeout of 10 minutes.
  await mo.reload();
  await mo.locator('#whoami a.console-link').click();
  await mo.locator('.console-page p[role="status"]', { hasText: 'You are a moderator.' }).waitFor();
  assert.equal(await mo.locator('#console-audit').count(), 0, 'the audit log is the admins’');
  const report = mo.locator('li.report', { hasText: 'insults' });
  await report.waitFor();
  await report.locator('summary').click();
  await report.locator('.reported-line', { hasText: 'you play like a potato' }).waitFor();
  await assertAccessible(mo, 'the console of a moderator with a report');
  await screenshot(mo, 'console-report', { page: true });
  await report.locator('button.take').click();
  await mo.locator('li.report.taken', { hasText: 'insults' }).waitFor();
  const taken = mo.locator('li.report.taken', { hasText: 'insults' });
  await taken.locator('input[id^="note-"]').fill('a timeout for the insult');
  await taken.locator('select[id^="action-"]').selectOption('timeout-10');
  await taken.locator('button.resolve').click();
  await mo.locator('#console-reports', { hasText: 'Reports waiting (0)' }).waitFor();
  await mo.locator('section[aria-labelledby="console-sanctions"] td', { hasText: 'chat timeout' }).waitFor();

  // The timeout holds: Rude's next line is refused.
  const [, refused] = await talk(rude, [
    { type: 'watch', room },
    { type: 'chat', room, text: 'still here' },
  ]);
  assert.equal(refused.type, 'error');
  assert.equal(refused.code, 'timed-out');

  // The admin's audit log has the moderator's actions.
  await ann.locator('#console-refresh').click();
  for (const action of ['take_report', 'timeout', 'resolve_report']) {
    await ann.locator('section[aria-labelledby="console-audit"] td', { hasText: new RegExp(`^${action}$`) }).first().waitFor();
  }

  // A player gets no console: the page says so and asks for nothing.
  await cy.goto(`${server.url}#/console`);
  await cy.locator('.console-page p[role="status"]', { hasText: 'This page is for moderators and admins.' }).waitFor();
  assert.equal(await cy.locator('.console').isHidden(), true);
  assert.equal(await cy.locator('li.report').count(), 0);
  await assertAccessible(cy, 'the console refused to a player');
});
