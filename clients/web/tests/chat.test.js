/** @file Chat and rematch in the browser: a line said on one page appears on the other as plain text (markup is shown, never run), a spectator's line stays away from the players until the end, a person muted on one screen disappears there only (and stays muted after a reload); a rematch from the end screen moves both pages to the new room, sides swapped. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { confirmed, person, stage, twoPlayers } from './harness.js';

const my = stage();

/**
 * Says `text` in the room shown on `page`.
 * @param {import('playwright-core').Page} page
 * @param {string} text
 */
async function say(page, text) {
  await page.locator('#chat-text').fill(text);
  await page.locator('#chat-send').click();
  await page.locator('#chat-lines .chat-text', { hasText: text }).first().waitFor();
}

test('chat reaches the other page as text, spectators apart until the end, and a muted person disappears', async () => {
  const { ann, bo } = await twoPlayers(my, 'magneton', ['white', 'black'], { startedBy: 0 });
  const eve = await person(my.browser, my.server, 'Eve');
  await eve.goto(ann.url());
  await eve.locator('#board svg').waitFor();

  // Markup in a line is shown as the characters typed: no element is
  // made, no handler runs.
  const markup = '<img src=x onerror="window.hacked=1"><b>bold</b>';
  await say(ann, markup);
  const line = bo.locator('#chat-lines .chat-text', { hasText: '<img src=x' });
  await line.waitFor();
  assert.equal(await line.textContent(), markup);
  assert.equal(await bo.locator('#chat-lines img, #chat-lines b').count(), 0);
  assert.equal(await bo.evaluate(() => /** @type {any} */ (window).hacked), undefined);

  // A spectator writes to the spectators; the players do not see it while
  // they play, and the spectator never sees the players' line.
  await say(eve, 'white looks worried');
  await say(bo, 'good luck');
  await ann.locator('#chat-lines .chat-text', { hasText: 'good luck' }).waitFor();
  assert.equal(await ann.locator('#chat-lines', { hasText: 'white looks worried' }).count(), 0);
  assert.equal(await eve.locator('#chat-lines', { hasText: 'good luck' }).count(), 0);

  // Ann mutes Bo on her screen: his lines go, there only.
  await ann.locator('#chat-lines .chat-line[data-from] .chat-mute').first().click();
  await ann.locator('#chat-muted', { hasText: 'Bo (unmute)' }).waitFor();
  await say(bo, 'are you there?');
  assert.equal(await ann.locator('#chat-lines', { hasText: 'good luck' }).count(), 0);
  await ann.reload();
  await ann.locator('#chat-muted', { hasText: 'Bo (unmute)' }).waitFor();
  await ann.locator('#chat-lines .chat-text', { hasText: '<img src=x' }).waitFor();
  assert.equal(await ann.locator('#chat-lines', { hasText: 'are you there?' }).count(), 0);
  await ann.locator('.chat-unmute').click();
  await ann.locator('#chat-lines .chat-text', { hasText: 'are you there?' }).waitFor();

  // The end: the players now read the spectators' line.
  await confirmed(bo, '#resign', 'Resign');
  await ann.locator('#result h3', { hasText: 'You win!' }).waitFor();
  await ann.locator('#chat-lines .chat-text', { hasText: 'white looks worried' }).waitFor();
  await bo.locator('#chat-lines .chat-text', { hasText: 'white looks worried' }).waitFor();
});

test('a rematch from the end screen moves both pages to the new room, sides swapped', async () => {
  const { ann, bo, room: first } = await twoPlayers(my, 'magneton', ['white', 'black'], { startedBy: 0 });
  await confirmed(ann, '#resign', 'Resign');
  await bo.locator('#result h3', { hasText: 'You win!' }).waitFor();

  await bo.locator('#rematch').click();
  await bo.locator('#rematch-status', { hasText: 'waiting for' }).waitFor();
  await ann.locator('#rematch-status', { hasText: 'proposes a rematch' }).waitFor();
  await ann.locator('#rematch-accept').click();
  for (const page of [ann, bo]) {
    await page.waitForURL((url) => /#\/room\//.test(url.hash) && !url.hash.includes(first));
  }
  assert.equal(new URL(ann.url()).hash, new URL(bo.url()).hash, 'both pages are in the same new room');
  // Bo now plays white and moves first; Ann plays black.
  await bo.locator('.seat.you', { hasText: 'Bo' }).waitFor();
  await bo.locator('.seat[data-seat="0"].you').waitFor();
  await ann.locator('.seat[data-seat="1"].you').waitFor();
  await bo.locator('#board svg').waitFor();
  await bo.locator('#turn.your-turn').waitFor();
  const second = /** @type {string} */ (/#\/room\/([^/?]+)/.exec(bo.url())?.[1]);

  // A later visitor of the finished game's address stays there: the game
  // and its result, with a link to the rematch.
  const cy = await person(my.browser, my.server, 'Cy');
  await cy.goto(`${my.server.url}#/room/${first}`);
  await cy.locator('#result h3', { hasText: 'Bo (black) wins.' }).waitFor();
  await cy.locator('#rematch-link').waitFor();
  assert.ok(cy.url().includes(first), 'the visitor was sent to the rematch');
  // Ann aborts the rematch before anyone moved; the old game keeps its address.
  await confirmed(ann, '#abort', 'Abort');
  await bo.locator('#turn', { hasText: 'Ann (black) aborted the game' }).waitFor();
  for (const address of [`#/room/${first}`, `#/room/${first}/ply/0`]) {
    await cy.goto(`${my.server.url}${address}`);
    await cy.reload();
    await cy.locator('#result h3', { hasText: 'Bo (black) wins.' }).waitFor();
    assert.ok(cy.url().includes(first), `${address}: the visitor was sent away`);
  }
  await bo.goto(`${my.server.url}#/room/${first}`);
  await bo.locator('#result h3', { hasText: 'You win!' }).waitFor();
  assert.ok(bo.url().includes(first), 'a player was sent to the aborted rematch');
  // The aborted rematch's room is gone: the page says so in the server's words.
  await cy.locator('#rematch-link').click();
  await cy.locator('#no-room', { hasText: 'There is no room' }).waitFor();
  assert.ok(cy.url().includes(second));
  await cy.context().close();
});
