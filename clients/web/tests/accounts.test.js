/** @file Accounts in the browser: two guests register from the lobby, play a rated game, and one logs in on a second browser context (a new device) as the same player, then sees its page (rating, recent game linking to the replay, which opens) and the leaderboard; a wrong password is refused; every page passes axe-core. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, confirmed, createRoom, person, screenshot, sit, stage } from './harness.js';


const my = stage();

const PASSWORD = 'correct horse battery';

/**
 * Fills the lobby's account form and presses one of its buttons.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @param {string} password
 * @param {'register' | 'login'} button
 */
async function accountForm(page, name, password, button) {
  await page.locator('#account-name').fill(name);
  await page.locator('#account-password').fill(password);
  await page.locator(`#account-${button}`).click();
}

test('a guest registers, logs in on another device as itself, and sees its page and the leaderboard', async () => {
  const { server, browser } = my;
  const ann = await person(browser, server, 'Ann');
  await ann.locator('#account-form').waitFor();
  await assertAccessible(ann, 'the lobby with the account form');
  await accountForm(ann, 'Ann', PASSWORD, 'register');
  await ann.locator('#account-status', { hasText: 'Ann' }).waitFor();
  const bo = await person(browser, server, 'Bo');
  await accountForm(bo, 'Bo', PASSWORD, 'register');
  await bo.locator('#account-status', { hasText: 'Bo' }).waitFor();

  // A rated game: Ann resigns.
  const room = await createRoom(ann, 'magneton', { rated: 'yes' });
  await sit(ann, 'white', 'Ann');
  await bo.goto(ann.url());
  await sit(bo, 'black', 'Bo');
  await ann.locator('#start').click();
  await confirmed(ann, '#resign', 'Resign');
  await bo.locator('#result h3', { hasText: 'You win!' }).waitFor();
  // The seat's name links to the player's page.
  const seatLink = bo.locator('.seat[data-seat="0"] a.player-link');
  assert.equal(await seatLink.textContent(), 'Ann');

  // A new device: another browser context, a new guest, then log in.
  const phone = await person(browser, server, 'Someone');
  const guestToken = await phone.evaluate(() => localStorage.getItem('lodestone.token'));
  await accountForm(phone, 'ann', 'not the password', 'login');
  await phone.locator('#messages .error', { hasText: 'no account has this name and password' }).waitFor();
  await accountForm(phone, 'ann', PASSWORD, 'login');
  await phone.locator('#whoami', { hasText: 'Ann' }).waitFor();
  await phone.locator('#account-status', { hasText: 'Ann' }).waitFor();
  const [phoneToken, annToken] = await Promise.all([
    phone.evaluate(() => localStorage.getItem('lodestone.token')),
    ann.evaluate(() => localStorage.getItem('lodestone.token')),
  ]);
  assert.ok(phoneToken && phoneToken !== guestToken && phoneToken !== annToken, 'a token of its own for the new device');

  // Its page: the rating (provisional) and the game, linking to the replay.
  await phone.locator('#whoami a[href^="#/player/"]').click();
  await phone.locator('#player-name', { hasText: 'Ann' }).waitFor();
  await phone.locator('.ratings td', { hasText: 'provisional' }).waitFor();
  const game = phone.locator('.recent-games a');
  await game.waitFor();
  assert.equal(await game.textContent(), 'Magneton: loss');
  assert.equal(await game.getAttribute('href'), `#/room/${room}/ply/0`);
  await assertAccessible(phone, 'a player page');
  await screenshot(phone, 'accounts-player-page', { page: true });

  // The leaderboard: Bo, who won, above Ann; names link to their pages.
  await phone.locator('.ratings a', { hasText: 'Magneton' }).click();
  await phone.locator('#leaderboard-h', { hasText: 'Magneton' }).waitFor();
  const names = await phone.locator('.leaders tbody td a').allTextContents();
  assert.deepEqual(names, ['Bo', 'Ann']);
  await assertAccessible(phone, 'a leaderboard');
  await phone.locator('.leaders a', { hasText: 'Bo' }).click();
  await phone.locator('#player-name', { hasText: 'Bo' }).waitFor();
  await phone.locator('.recent-games a', { hasText: 'win' }).waitFor();
  // A recent game opens its replay, seen as Ann's (the new device is Ann).
  await phone.locator('.recent-games a').click();
  await phone.locator('#result h3', { hasText: 'You lose.' }).waitFor();
  // The game ended by resignation before any move: its ply 0 is its last
  // position, so once the room is known the address is the room's own
  // (before that it is the link's, /ply/0).
  assert.match(phone.url(), new RegExp(`#/room/${room}(/ply/0)?$`));
});
