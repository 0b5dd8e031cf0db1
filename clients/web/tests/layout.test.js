/** @file One's turn without scrolling, on a 390×844 phone and a 1366×800 desktop: each turn brings the whole board up (also after the player scrolled away to the chat), the button that completes a Magnet turn is in view beside or under it, and the end brings the result up for a player who was reading elsewhere. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deskAndPhone, person, screenshot, stage, tap } from './harness.js';

const my = stage();

/** Magnet vertices tried first (away from the kings), in order. */
const PREFERRED = ['F6', 'F5', 'F7', 'E5', 'G6', 'E6', 'G5', 'F4', 'F8'];

/**
 * Fails unless the whole of `selector` is in the viewport, below the sticky
 * status bar, as the page is now (the test never scrolls before asking).
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @param {string} where
 */
async function inView(page, selector, where) {
  const seen = await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const bar = document.querySelector('#status');
    if (!el || !bar) return null;
    const box = el.getBoundingClientRect();
    return { top: box.top, bottom: box.bottom, under: bar.getBoundingClientRect().bottom, height: window.innerHeight };
  }, selector);
  assert.ok(seen, `${where}: ${selector} is on the page`);
  assert.ok(
    seen.top >= 0 && seen.bottom <= seen.height + 1,
    `${where}: ${selector} spans ${Math.round(seen.top)}–${Math.round(seen.bottom)} px in a ${seen.height} px window (status bar ends at ${Math.round(seen.under)})`,
  );
  // Not hidden under the sticky status bar either.
  const covered = await page.evaluate((sel) => {
    const box = document.querySelector(sel)?.getBoundingClientRect();
    const bar = document.querySelector('#status')?.getBoundingClientRect();
    return Boolean(box && bar && bar.bottom > box.top + 1 && bar.top < box.top);
  }, selector);
  assert.ok(!covered, `${where}: the status bar covers the top of ${selector}`);
}

/**
 * One Magnet turn by pointing, checking on the way that the board and
 * the control that completes the turn are in view.
 * @param {import('playwright-core').Page} page
 * @param {string} who
 */
async function playTurn(page, who) {
  await page.locator('#turn.your-turn').waitFor();
  await inView(page, '#board svg.board', `${who}'s turn begins`);
  const offered = await page.locator('#board .cell.target').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-cell')));
  const vertex = PREFERRED.find((v) => offered.includes(v)) ?? offered[0];
  const before = await page.locator('#moves li').count();
  await tap(page, page.locator(`#board [data-cell="${vertex}"]`));
  const chooser = page.locator('#magnet-play');
  const sheet = page.locator('#confirm:not([hidden])');
  const played = page.locator(`#moves li:nth-child(${before + 1})`);
  await chooser.or(sheet).or(played).first().waitFor();
  if ((await chooser.count()) > 0) {
    await inView(page, '#magnet-play', `${who}'s Play button`);
    await inView(page, '#board svg.board', `${who}'s board beside the Play button`);
    await chooser.click();
  }
  if ((await sheet.count()) > 0 || (await page.locator('#confirm-yes').isVisible())) {
    await inView(page, '#board svg.board', `${who}'s board above the confirmation`);
    await page.locator('#confirm-yes').click();
  }
  await played.waitFor();
  // Away to the chat at the bottom, as a player waiting does.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

test('Magnet on a phone and a 1366×800 desktop: the board and the control that completes a turn in view, the result brought up at the end', async () => {
  const { desk, phone } = await deskAndPhone(my, 'magnet', { setup: 'random' }, ['blue', 'Dora'], ['red', 'Pia']);
  for (const page of [desk, phone]) await page.locator('#turn', { hasText: /Your turn|Waiting for/ }).waitFor();
  for (let round = 0; round < 3; round += 1) {
    await playTurn(phone, 'the phone');
    await playTurn(desk, 'the desktop');
  }
  // Beside its controls the desktop board keeps cells a pointer picks at once (no zoom first).
  assert.equal(await desk.locator('#board svg.board').getAttribute('data-zooms'), null);
  await screenshot(desk, 'layout-magnet-desktop');
  await phone.locator('#turn.your-turn').waitFor();
  await screenshot(phone, 'layout-magnet-phone');

  // The desktop player reads the chat; the phone resigns: the result comes up.
  await desk.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await phone.locator('#table-actions button', { hasText: 'Resign' }).click();
  await phone.locator('#confirm-yes').click();
  await desk.locator('#result h3', { hasText: 'You win!' }).waitFor();
  await inView(desk, '#result', 'the winner’s result');
  await phone.locator('#result h3', { hasText: 'You lose.' }).waitFor();
  await inView(phone, '#result', 'the loser’s result');
  await screenshot(desk, 'layout-magnet-end-desktop');
  await screenshot(phone, 'layout-magnet-end-phone');
  await phone.context().close();
  await desk.context().close();
});

test('Magma against the computer on a phone: the board in view, cell and home labels readable', async () => {
  const phone = await person(my.browser, my.server, 'Mia', { phone: true });
  await phone.locator('#game').selectOption('magma');
  await phone.locator('#play-computer').click();
  await phone.locator('#turn.your-turn').waitFor();
  await inView(phone, '#board svg.board', 'the Magma turn');
  // Text sizes as drawn: the board's scale times each label's font size.
  const sizes = await phone.evaluate(() => {
    const px = (/** @type {string} */ sel) => {
      const el = /** @type {SVGTextElement | null} */ (document.querySelector(sel));
      const ctm = el?.getScreenCTM();
      return el && ctm ? ctm.a * parseFloat(getComputedStyle(el).fontSize) : 0;
    };
    return { cell: px('#board .cell-label'), home: px('#board .home-letter') };
  });
  assert.ok(sizes.cell >= 9, `cell labels are ${sizes.cell.toFixed(1)} px on the phone`);
  assert.ok(sizes.home >= 9.5, `home letters are ${sizes.home.toFixed(1)} px on the phone`);
  await screenshot(phone, 'layout-magma-labels-phone');
  await phone.context().close();
});

/**
 * Plays one turn on the phone by tapping the first cell offered until the
 * move is played, checking that the board stays in view and that the
 * confirmation sheet, when it asks, covers none of it.
 * @param {import('playwright-core').Page} phone
 * @param {string} game
 */
async function tapTurn(phone, game) {
  await phone.locator('#turn.your-turn').waitFor();
  await inView(phone, '#board svg.board', `${game}: the turn begins`);
  const before = await phone.locator('#moves li').count();
  const played = phone.locator(`#moves li:nth-child(${before + 1})`);
  for (let step = 0; step < 6 && (await played.count()) === 0; step += 1) {
    const sheet = phone.locator('#confirm:not([hidden])');
    if ((await sheet.count()) > 0) {
      const [board, top] = await phone.evaluate(() => [
        document.querySelector('#board svg.board')?.getBoundingClientRect().bottom ?? 0,
        document.querySelector('#confirm')?.getBoundingClientRect().top ?? 0,
      ]);
      assert.ok(board <= top + 1, `${game}: the confirmation covers the board (${Math.round(board)} > ${Math.round(top)})`);
      await phone.locator('#confirm-yes').click();
      break;
    }
    await tap(phone, phone.locator('#board .cell:is(.source, .target)').first());
    await inView(phone, '#board svg.board', `${game}: while picking`);
  }
  // (No scrolling away here: the bot may answer before the page could be
  // scrolled, and a page scrolled during one's turn rightly stays there.)
  await played.waitFor();
}

test('Magneton, Magnetism and Magma against the computer on a phone: the board in view through each turn, never under the confirmation', async () => {
  for (const game of ['magneton', 'magnetism', 'magma']) {
    const phone = await person(my.browser, my.server, `Tap ${game}`, { phone: true });
    await phone.locator('#game').selectOption(game);
    await phone.locator('#play-computer').click();
    await phone.waitForURL(/#\/room\//);
    for (let turn = 0; turn < 2; turn += 1) await tapTurn(phone, game);
    await phone.locator('#turn.your-turn').waitFor();
    await inView(phone, '#board svg.board', `${game}: the third turn begins`);
    await screenshot(phone, `layout-${game}-phone`);
    await phone.context().close();
  }
});
