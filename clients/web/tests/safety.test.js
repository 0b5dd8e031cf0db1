/** @file A player's own moderation controls in the browser (issue 32), each driven against a real server and checked by its effect: a chat line reported from the chat and a player reported from their page reach the moderators' queue (the line with its context); a player blocked from a chat line disappears from one's chat (live and after a reload) and is unblocked and blocked again from their page; zen hides the chat; muting spectators stops a spectator's chat; "Download my data" saves one's JSON; deleting an account takes a confirming step and a password, and then the account is gone. axe-core finds no serious violation on the new page states. */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { assertAccessible, createRoom, PASSWORD, person, register, sit, stage, talk } from './harness.js';

const my = stage({ start: false });

/**
 * The guest id of the page's person (from the header's link to its page).
 * @param {import('playwright-core').Page} page
 */
async function idOf(page) {
  const href = await page.locator('#whoami a[href^="#/player/"]').getAttribute('href');
  return decodeURIComponent(/** @type {string} */ (href).replace('#/player/', ''));
}

/**
 * Says `text` in the room shown on `page` and waits for the server's ack
 * (the box empties); returns once the line is on the sender's page.
 * @param {import('playwright-core').Page} page
 * @param {string} text
 */
async function say(page, text) {
  await page.locator('#chat-text').fill(text);
  await page.locator('#chat-send').click();
  await page.waitForFunction(() => /** @type {HTMLInputElement} */ (document.getElementById('chat-text')).value === '');
}

/**
 * The reply to a `hello` with `token` on a new WebSocket of the page.
 * @param {import('playwright-core').Page} page
 * @param {string} token
 * @returns {Promise<any>}
 */
function helloWith(page, token) {
  return page.evaluate(
    (token) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', id: 1, protocol: 1, token }));
        ws.onmessage = (event) => {
          ws.close();
          resolve(JSON.parse(event.data));
        };
        ws.onerror = () => reject(new Error('the WebSocket failed'));
      }),
    token,
  );
}

test('a player reports, blocks, goes zen, mutes spectators, downloads their data and deletes their account', async () => {
  const server = await my.start({ args: ['--first-account-is-admin'] });
  const { browser } = my;

  // Mo, the first account, is the admin who reads the reports queue.
  const mo = await person(browser, server, 'Mo');
  await register(mo, 'Mo');

  // Ann and Rude play; Rude is rude in the chat.
  const ann = await person(browser, server, 'Ann');
  await createRoom(ann, 'magneton');
  await sit(ann, 'white', 'Ann');
  const rude = await person(browser, server, 'Rude');
  await rude.goto(ann.url());
  await sit(rude, 'black', 'Rude');
  await ann.locator('#start').click();
  const room = /** @type {string} */ (/#\/room\/([^?]+)/.exec(ann.url())?.[1]);
  const rudeId = await idOf(rude);
  await say(rude, 'you play like a potato');
  const rudeLine = ann.locator('#chat-lines .chat-line', { hasText: 'you play like a potato' });
  await rudeLine.waitFor();

  // Ann reports the line from the chat.
  await rudeLine.locator('.chat-report').click();
  await ann.locator('#report-form q', { hasText: 'you play like a potato' }).waitFor();
  await assertAccessible(ann, 'the chat with a report form open');
  await ann.locator('#report-reason').fill('insults in the chat');
  await ann.locator('#report-send').click();
  await ann.locator('#report-form').waitFor({ state: 'detached' });

  // Ann blocks Rude from the line: his lines go from her chat at once, a
  // later one never comes (her own line after it does), and after a
  // reload the server keeps them away.
  await rudeLine.locator('.chat-block').click();
  await rudeLine.waitFor({ state: 'detached' });
  await say(rude, 'still here');
  await say(ann, 'hello?');
  await ann.locator('#chat-lines .chat-text', { hasText: 'hello?' }).waitFor();
  assert.equal(await ann.locator('#chat-lines', { hasText: 'still here' }).count(), 0, 'a blocked player’s line is hidden');
  await rude.locator('#chat-lines .chat-text', { hasText: 'hello?' }).waitFor();
  await ann.reload();
  await ann.locator('#board svg').waitFor();
  await say(ann, 'after the reload');
  await ann.locator('#chat-lines .chat-text', { hasText: 'after the reload' }).waitFor();
  assert.equal(await ann.locator('#chat-lines .chat-line', { hasText: /potato|still here/ }).count(), 0, 'still hidden after a reload');

  // Rude's page: unblock, block again, report him.
  await ann.goto(`${server.url}#/player/${encodeURIComponent(rudeId)}`);
  await ann.locator('#player-block', { hasText: 'Unblock Rude' }).click();
  await ann.locator('#player-block', { hasText: 'Block Rude' }).waitFor();
  let [prefs] = await talk(ann, [{ type: 'preferences' }]);
  assert.deepEqual(prefs.blocked, [], 'unblocked on the server');
  await ann.locator('#player-block', { hasText: 'Block Rude' }).click();
  await ann.locator('#player-block', { hasText: 'Unblock Rude' }).waitFor();
  [prefs] = await talk(ann, [{ type: 'preferences' }]);
  assert.deepEqual(prefs.blocked.map((/** @type {any} */ b) => b.id), [rudeId], 'blocked again on the server');
  await ann.locator('#player-report').click();
  await ann.locator('#report-reason').fill('rude name');
  await assertAccessible(ann, 'a player’s page with a report form open');
  await ann.locator('#report-send').click();
  await ann.locator('#report-form').waitFor({ state: 'detached' });

  // Both reports are in the moderators' queue, the line with its context.
  const [queue] = await talk(mo, [{ type: 'admin_reports' }]);
  assert.equal(queue.type, 'admin_reports', JSON.stringify(queue));
  const about = queue.reports.filter((/** @type {any} */ r) => r.player.id === rudeId);
  assert.deepEqual(about.map((/** @type {any} */ r) => r.reason).sort(), ['insults in the chat', 'rude name']);
  const chatReport = about.find((/** @type {any} */ r) => r.reason === 'insults in the chat');
  assert.equal(chatReport.context.room, room);
  assert.ok(chatReport.context.lines.some((/** @type {any} */ l) => l.seq === chatReport.context.line && l.text === 'you play like a potato'));

  // The safety page, from the header: Rude among the blocked; zen on.
  await ann.locator('#whoami a.safety-link').click();
  await ann.locator('#blocked-list li', { hasText: 'Rude' }).waitFor();
  await ann.locator('#safety-zen:not([disabled])').check();
  await ann.locator('#safety-zen[data-saved="true"]').waitFor();
  await assertAccessible(ann, 'the safety page');
  [prefs] = await talk(ann, [{ type: 'preferences' }]);
  assert.equal(prefs.zen, true, 'zen stored');

  // Zen: unblocked Rude's lines (old and new) stay away; the chat says why.
  await ann.locator('#blocked-list button.unblock').click();
  await ann.locator('#blocked-list', { hasText: 'You block nobody' }).waitFor();
  await say(rude, 'can you read me now?');
  await ann.goto(`${server.url}#/room/${room}`);
  await ann.locator('#chat-zen:not([hidden])').waitFor();
  await say(ann, 'zen test');
  assert.equal(await ann.locator('#chat-lines .chat-line').count(), 0, 'zen hides every line');

  // Mute spectators: Eve, watching, may not chat.
  await ann.goto(`${server.url}#/safety`);
  await ann.locator('#safety-mute:not([disabled])').check();
  await ann.locator('#safety-mute[data-saved="true"]').waitFor();
  await ann.locator('#safety-zen').uncheck();
  await ann.locator('#safety-zen[data-saved="false"]').waitFor();
  [prefs] = await talk(ann, [{ type: 'preferences' }]);
  assert.equal(prefs.mute_spectators, true, 'mute spectators stored');
  const eve = await person(browser, server, 'Eve');
  const [, muted] = await talk(eve, [
    { type: 'watch', room },
    { type: 'chat', room, text: 'psst, play D4', to: 'spectators' },
  ]);
  assert.equal(muted.code, 'spectators-muted', JSON.stringify(muted));

  // Download my data: Ann's JSON, with her reports and her block.
  const annId = await idOf(ann);
  const [download] = await Promise.all([ann.waitForEvent('download'), ann.locator('#export-data').click()]);
  assert.equal(download.suggestedFilename(), 'lodestone-my-data.json');
  const data = JSON.parse(readFileSync(/** @type {string} */ (await download.path()), 'utf8'));
  assert.equal(data.guest.id, annId);
  assert.equal(data.reports_made.length, 2);

  // Deleting an account: a first click asks again; a wrong password
  // deletes nothing; the right one deletes it, and its token is dead.
  const cy = await person(browser, server, 'Cy');
  await register(cy, 'Cy');
  const cyId = await idOf(cy);
  const cyToken = /** @type {string} */ (await cy.evaluate(() => localStorage.getItem('lodestone.token')));
  await cy.goto(`${server.url}#/safety`);
  await cy.locator('#delete-start').click();
  await cy.locator('#delete-confirm').waitFor();
  await assertAccessible(cy, 'the confirming step of deleting an account');
  await cy.locator('#delete-password').fill('not my password');
  await cy.locator('#delete-yes').click();
  await cy.locator('text=That is not your password').waitFor();
  assert.equal((await helloWith(cy, cyToken)).type, 'welcome', 'a wrong password deletes nothing');
  await cy.locator('#delete-password').fill(PASSWORD);
  await cy.locator('#delete-yes').click();
  await cy.locator('#deleted').waitFor();
  await assertAccessible(cy, 'the safety page after the deletion');
  const refused = await helloWith(cy, cyToken);
  assert.equal(refused.code, 'bad-token', JSON.stringify(refused));
  const [gone] = await talk(mo, [{ type: 'admin_export', player: cyId }]);
  assert.equal(gone.code, 'unknown-player', JSON.stringify(gone));
  // The page goes on as a new guest.
  await cy.locator('#deleted a').click();
  await cy.waitForFunction((old) => {
    const link = document.querySelector('#whoami a[href^="#/player/"]');
    return link !== null && !link.getAttribute('href')?.includes(old);
  }, cyId);
});
