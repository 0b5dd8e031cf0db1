/** @file A bot account from the browser: an account is made a bot account (after a second "yes"), makes an API token (shown once) that a program can say hello with, lists it without the token, and revokes it; the settings pass axe-core. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, person, stage } from './harness.js';


const my = stage();

test('an account becomes a bot account and makes and revokes an API token', async () => {
  const { server, browser } = my;
  const ann = await person(browser, server, 'Robo');
  await ann.locator('#account-name').fill('Robo');
  await ann.locator('#account-password').fill('correct horse battery');
  await ann.locator('#account-register').click();
  await ann.locator('#account-status', { hasText: 'Robo' }).waitFor();

  await ann.locator('#make-bot').click();
  await ann.locator('#make-bot-sure').click();
  await ann.locator('#token-form').waitFor();
  await ann.locator('#token-label').fill('laptop');
  await ann.locator('#make-token').click();
  const token = (await ann.locator('#new-token-text').textContent()) ?? '';
  assert.match(token, /^[0-9a-f]{64}$/);
  await ann.locator('#api-tokens li', { hasText: 'laptop' }).waitFor();
  await assertAccessible(ann, 'the bot account settings');

  // A program says hello with the token and is the account.
  const welcome = await ann.evaluate(
    (token) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', id: 1, protocol: 1, token }));
        ws.onmessage = (event) => {
          resolve(JSON.parse(event.data));
          ws.close();
        };
        ws.onerror = () => reject(new Error('the WebSocket failed'));
      }),
    token,
  );
  assert.equal(/** @type {any} */ (welcome).guest.name, 'Robo');

  // Revoked, it is gone from the list.
  await ann.locator('button[data-revoke="laptop"]').click();
  await ann.locator('p#api-tokens', { hasText: 'No API tokens yet.' }).waitFor();
});
