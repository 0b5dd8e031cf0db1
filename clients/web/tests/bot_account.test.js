/** @file A bot account from the browser: an account is made a bot account (after a second "yes"), makes an API token (shown once) that a program can say hello with, lists it without the token, and revokes it; the settings pass axe-core. The program's seat is tagged as a bot for a person who comes by, and its player page says a program plays it. */

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

  // The program opens a room and sits in it: a person who comes by sees
  // its seat tagged as a bot, and its player page says a program plays it.
  const { room, id } = await ann.evaluate(
    (token) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        /** @type {any} */
        const seen = {};
        ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', id: 1, protocol: 1, token }));
        ws.onmessage = (event) => {
          const message = JSON.parse(event.data);
          if (message.type === 'welcome') {
            seen.id = message.guest.id;
            ws.send(JSON.stringify({ type: 'create_room', id: 2, game: 'magneton', options: {}, public: true }));
          } else if (message.type === 'ack' && message.id === 2) {
            seen.room = message.room;
            ws.send(JSON.stringify({ type: 'join', id: 3, room: message.room, seat: 0 }));
          } else if (message.type === 'ack' && message.id === 3) {
            resolve(seen);
          } else if (message.type === 'error') {
            reject(new Error(message.message));
          }
        };
        ws.onerror = () => reject(new Error('the WebSocket failed'));
      }),
    token,
  );
  const bo = await person(browser, server, 'Bo');
  await bo.goto(`${server.url}#/room/${room}`);
  await bo.locator('.seat[data-seat="0"] .player', { hasText: 'Robo' }).waitFor();
  await bo.locator('.seat[data-seat="0"] .tag', { hasText: 'bot' }).waitFor();
  assert.equal(await bo.locator('.seat[data-seat="1"] .tag', { hasText: 'bot' }).count(), 0);
  await bo.goto(`${server.url}#/player/${id}`);
  await bo.locator('#player-name', { hasText: 'Robo' }).waitFor();
  await bo.getByText('A bot account: a program plays it.').waitFor();

  // Revoked, it is gone from the list.
  await ann.locator('button[data-revoke="laptop"]').click();
  await ann.locator('p#api-tokens', { hasText: 'No API tokens yet.' }).waitFor();
});
