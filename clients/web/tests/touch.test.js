/** @file Hex boards by touch on a 390×844 phone: a Magnet turn and a Magma turn in at most two taps (the zoomed view stays while one plays and shows the cells one may pick), a swap of two far-apart Magnet setup pieces in two taps and a drag, every cell tapped at least 44 px at the moment it is tapped, inside the board's view and uncovered, and the labels readable at that size. Taps are counted as a player makes them, whatever they are for (zooming, picking, confirming). */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, deskAndPhone, movesShown, screenshot, stage } from './harness.js';
import { arrowTo } from './keys.js';

const my = stage();

/** Magnet vertices a player would rather use (away from the kings), in order. */
const PREFERRED = ['F6', 'F5', 'F7', 'E5', 'G6', 'E6', 'G5', 'F4', 'F8'];

/**
 * The offered cells (a dot or a ring, not the one chosen) whose whole
 * touch area is on screen now, inside the board's view and uncovered,
 * with their sizes.
 * @param {import('playwright-core').Page} page
 */
function offeredInView(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('#board svg.board');
    if (!svg) return [];
    const frame = svg.getBoundingClientRect();
    return [...document.querySelectorAll('#board .cell:is(.target, .source):not(.chosen)')].flatMap((cell) => {
      const box = cell.querySelector('.bg')?.getBoundingClientRect();
      if (!box) return [];
      // On screen, inside the board's view, and not under anything (such
      // as the "Whole board" button).
      const over = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      const inside =
        box.left >= frame.left && box.right <= frame.right && box.top >= frame.top && box.bottom <= frame.bottom &&
        box.top >= 0 && box.bottom <= window.innerHeight && over !== null && cell.contains(over);
      return inside ? [{ label: /** @type {string} */ (cell.getAttribute('data-cell')), size: Math.min(box.width, box.height), target: cell.classList.contains('target') }] : [];
    });
  });
}

/**
 * Plays one turn on the phone by tapping, as a player would: the
 * confirmation or the Play button when shown, else a cell in view
 * (`choose` picks among them), else whatever brings cells into view (the
 * whole board, then a tap on it). Returns the taps it took (besides the
 * yes a warned move asks for, counted apart) and the sizes of the cells
 * tapped.
 * @param {import('playwright-core').Page} phone
 * @param {(offered: {label: string, size: number, target: boolean}[]) => {label: string, size: number}} choose
 */
async function tapTurn(phone, choose) {
  await phone.locator('#turn.your-turn').waitFor();
  const before = await phone.locator('#moves li').count();
  const played = phone.locator(`#moves li:nth-child(${before + 1})`);
  let taps = 0;
  let warnings = 0;
  /** @type {number[]} */
  const sizes = [];
  while ((await played.count()) === 0) {
    assert.ok(taps < 8, 'eight taps did not play a turn');
    const sheet = phone.locator('#confirm:not([hidden]) #confirm-yes');
    const play = phone.locator('#magnet-play');
    if ((await sheet.count()) > 0) {
      // A move the server warns about (it loses, or lets the other side
      // win at once) asks for a yes on every device: not counted.
      if ((await phone.locator('#confirm.danger').count()) > 0) warnings += 1;
      else taps += 1;
      await sheet.tap();
      await played.or(phone.locator('#confirm:not([hidden]) #confirm-yes')).first().waitFor();
      continue;
    }
    if ((await play.count()) > 0) {
      await play.tap();
      taps += 1;
      await played.or(phone.locator('#confirm:not([hidden]) #confirm-yes')).first().waitFor();
      continue;
    }
    const offered = await offeredInView(phone);
    if (offered.length > 0) {
      const cell = choose(offered);
      sizes.push(cell.size);
      const zooms = await phone.evaluate(() => document.querySelector('#board svg.board')?.getAttribute('data-zooms') ?? '0');
      await phone.locator(`#board [data-cell="${cell.label}"]`).tap();
      // What the tap did, before looking again (a move sent by it is in
      // the list only once the server has it): the cell chosen, a question
      // asked, the view zoomed, or the move played.
      await phone.waitForFunction(
        ([label, before, count]) =>
          document.querySelectorAll('#moves li').length >= Number(count) ||
          document.querySelector(`#board [data-cell="${label}"].chosen`) !== null ||
          document.querySelector('#confirm:not([hidden]), #magnet-play') !== null ||
          (document.querySelector('#board svg.board')?.getAttribute('data-zooms') ?? '0') !== before,
        [cell.label, zooms, String(before + 1)],
      );
    } else if (await phone.locator('#board .lens-out').isVisible()) {
      await phone.locator('#board .lens-out').tap();
    } else {
      await phone.locator('#board svg.board').tap();
    }
    taps += 1;
  }
  return { taps, sizes, warnings };
}

/**
 * Drags the zoomed board (a pointer held down and moved) so that `label`
 * comes to the middle of the view.
 * @param {import('playwright-core').Page} page
 * @param {string} label
 */
async function dragToCentre(page, label) {
  const [from, to] = await page.evaluate((l) => {
    const frame = /** @type {Element} */ (document.querySelector('#board svg.board')).getBoundingClientRect();
    const box = /** @type {Element} */ (document.querySelector(`#board [data-cell="${l}"] .bg`)).getBoundingClientRect();
    const centre = [frame.x + frame.width / 2, frame.y + frame.height / 2];
    return [centre, [centre[0] + (centre[0] - (box.x + box.width / 2)), centre[1] + (centre[1] - (box.y + box.height / 2))]];
  }, label);
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  await page.mouse.move(to[0], to[1], { steps: 8 });
  await page.mouse.up();
}

/**
 * The desktop player's turn: a click on the first cell offered with a dot,
 * then "Play" or "Play it" if the page asks. Returns the moves played then.
 * @param {import('playwright-core').Page} desk
 */
async function deskTurn(desk) {
  await desk.locator('#turn.your-turn').waitFor();
  const count = (await desk.locator('#moves li').count()) + 1;
  await desk.locator('#board .cell.target').first().click();
  const next = desk.locator(`#moves li:nth-child(${count})`);
  const yes = desk.locator('#confirm:not([hidden]) #confirm-yes');
  const play = desk.locator('#magnet-play');
  for (let step = 0; step < 3 && (await next.count()) === 0; step += 1) {
    await yes.or(play).or(next).first().waitFor();
    // The warning's "Play it" (it may stand over a "Play" already pressed).
    if ((await yes.count()) > 0) await yes.click();
    else if ((await play.count()) > 0) await play.click();
    await yes.or(next).first().waitFor();
  }
  await next.waitFor();
  return count;
}

/**
 * The drawn size, in CSS pixels, of the smallest text matching `selector`
 * on the board (its font size times the board's scale).
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 */
function textPx(page, selector) {
  return page.evaluate((sel) => {
    const sizes = [...document.querySelectorAll(sel)].map((el) => {
      const ctm = /** @type {SVGGraphicsElement} */ (el).getScreenCTM();
      return ctm ? ctm.a * parseFloat(getComputedStyle(el).fontSize) : 0;
    });
    return Math.min(...sizes);
  }, selector);
}

test('Magnet on a phone: two far-apart setup pieces swapped in two taps (and a drag), each turn in at most two taps, the vertices tapped at least 44 px, nothing over them, the coordinates readable, the view following the keyboard', async () => {
  const { desk, phone } = await deskAndPhone(my, 'magnet', {}, ['blue', 'Dee'], ['red', 'Pat']);
  // The arrangement: two pieces at opposite ends of red's start (A2 and
  // J7) swapped with a tap on each; a drag brings the second into view if
  // the zoomed view does not show both. Drags are not taps.
  await phone.locator('#setup-done').waitFor();
  const before = await phone.locator('[data-cell="J7"] .piece text').textContent();
  let swapTaps = 0;
  for (const vertex of ['A2', 'J7']) {
    const cell = phone.locator(`#board [data-cell="${vertex}"]`);
    if (!(await offeredInView(phone)).some((o) => o.label === vertex)) await dragToCentre(phone, vertex);
    const seen = (await offeredInView(phone)).find((o) => o.label === vertex);
    assert.ok(seen && seen.size >= 44, `${vertex} is not in view at 44 px after a drag`);
    await cell.tap();
    swapTaps += 1;
  }
  await phone.locator('[data-cell="A2"] .piece text', { hasText: /** @type {string} */ (before) }).waitFor();
  assert.equal(swapTaps, 2);
  await phone.locator('#setup-done').tap();
  await desk.locator('#setup-done').click();
  await movesShown(phone, 2);

  for (let turn = 0; turn < 2; turn += 1) {
    const { taps, sizes } = await tapTurn(phone, (offered) => PREFERRED.map((v) => offered.find((o) => o.label === v)).find((o) => o) ?? offered[0]);
    assert.ok(taps <= 2, `Magnet turn ${turn + 1} took ${taps} taps`);
    assert.ok(sizes.length > 0 && Math.min(...sizes) >= 44, `Magnet turn ${turn + 1}: a vertex tapped was ${Math.min(...sizes).toFixed(1)} px`);
    if (turn === 0) {
      // The view that played the turn: every vertex it shows is large
      // enough, and the coordinates along the edges read at 9 px or more.
      await phone.locator('#board svg.zoomed').waitFor();
      const covered = await phone.evaluate(() => {
        const frame = /** @type {Element} */ (document.querySelector('#board svg.board')).getBoundingClientRect();
        return [...document.querySelectorAll('#board .cell')].filter((cell) => {
          const box = /** @type {Element} */ (cell.querySelector('.bg')).getBoundingClientRect();
          const x = box.x + box.width / 2;
          const y = box.y + box.height / 2;
          if (x < frame.left || x > frame.right || y < frame.top || y > frame.bottom || y < 0 || y > window.innerHeight) return false;
          const over = document.elementFromPoint(x, y);
          return over !== null && !cell.contains(over);
        }).map((cell) => cell.getAttribute('data-cell'));
      });
      assert.deepEqual(covered, [], 'vertices in the zoomed view are covered');
      assert.ok((await textPx(phone, '#board .coord')) >= 9, 'the coordinates are too small to read');
      await assertAccessible(phone, 'the zoomed Magnet board (phone)');
      await screenshot(phone, 'touch-magnet-phone');
    }
    // Blue answers from the desktop: any vertex offered.
    await movesShown(phone, await deskTurn(desk));
  }
  // A keyboard on the phone: the zoomed view follows the focus to the far side.
  await phone.locator('#turn.your-turn').waitFor();
  for (const far of ['K5', 'A1']) {
    await arrowTo(phone, far);
    const seen = await phone.evaluate((label) => {
      const box = document.querySelector(`#board [data-cell="${label}"] .bg`)?.getBoundingClientRect();
      const frame = document.querySelector('#board svg.board')?.getBoundingClientRect();
      return Boolean(box && frame && box.left >= frame.left && box.right <= frame.right && box.top >= frame.top && box.bottom <= frame.bottom);
    }, far);
    assert.ok(seen, `the focused vertex ${far} is outside the zoomed view`);
  }
  // The whole board on request, and a tap on it zooms in where it lands.
  await phone.locator('#turn.your-turn').waitFor();
  await phone.locator('#board .lens-out').tap();
  await phone.locator('#board svg.board:not(.zoomed)').waitFor();
  const outside = await phone.evaluate(() => {
    const frame = /** @type {Element} */ (document.querySelector('#board svg.board')).getBoundingClientRect();
    return [...document.querySelectorAll('#board .cell .bg')].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1;
    }).length;
  });
  assert.equal(outside, 0, 'the whole board shows every vertex');
  const { taps } = await tapTurn(phone, (offered) => offered[0]);
  assert.ok(taps <= 3, `after looking at the whole board a turn took ${taps} taps`);
  await phone.context().close();
  await desk.context().close();
});

test('Magma on a phone: an entry is one tap and its confirmation, and the zoomed view stays for the next turn', async () => {
  const { desk, phone } = await deskAndPhone(my, 'magma', { players: '2' }, ['2', 'Ed'], ['1', 'Flo']);
  for (let turn = 0; turn < 2; turn += 1) {
    // An entry (a dot: one cell) where the view offers one.
    const { taps, sizes } = await tapTurn(phone, (offered) => offered.find((o) => o.target) ?? offered[0]);
    assert.ok(taps <= 2, `Magma turn ${turn + 1} took ${taps} taps`);
    assert.ok(Math.min(...sizes) >= 44, `Magma turn ${turn + 1}: a cell tapped was ${Math.min(...sizes).toFixed(1)} px`);
    if (turn === 0) {
      assert.ok((await textPx(phone, '#board .cell-label')) >= 9, 'the cell labels are too small to read');
      assert.ok((await textPx(phone, '#board .home-letter')) >= 9.5, 'the home letters are too small to read');
      await assertAccessible(phone, 'the zoomed Magma board (phone)');
      await screenshot(phone, 'touch-magma-phone');
    }
    await movesShown(phone, await deskTurn(desk));
  }
  await phone.context().close();
  await desk.context().close();
});

test('Magma on a phone with confirmation on: a step (the piece, then where it goes) is two taps, and an entry still asks for a yes', async () => {
  const { desk, phone } = await deskAndPhone(my, 'magma', { players: '2' }, ['2', 'Gus'], ['1', 'Hana']);
  // Confirmation is on, as on every touch screen by default.
  assert.equal(await phone.evaluate(() => localStorage.getItem('lodestone.settings')), null);
  for (let turn = 0; turn < 2; turn += 1) {
    // A piece on the board (a ring) first, then a cell it goes to (a dot).
    const { taps, sizes, warnings } = await tapTurn(phone, (offered) => offered.find((o) => !o.target) ?? offered[0]);
    const step = /** @type {string} */ (await phone.locator('#moves li').last().locator('.what').textContent());
    assert.match(step, /^[a-m]\d+-[a-m]\d+$/, `Magma turn ${turn + 1} was not a step`);
    assert.equal(warnings, 0);
    assert.ok(taps <= 2, `a Magma step took ${taps} taps`);
    assert.ok(Math.min(...sizes) >= 44, `Magma step ${turn + 1}: a cell tapped was ${Math.min(...sizes).toFixed(1)} px`);
    await movesShown(phone, await deskTurn(desk));
  }
  // A move of one tap (an entry) still waits for a yes on the sheet.
  await phone.locator('#turn.your-turn').waitFor();
  await phone.locator('#board .cell.target').first().tap();
  await phone.locator('#confirm:not([hidden]) #confirm-yes').waitFor();
  await phone.locator('#confirm-no').tap();
  await phone.context().close();
  await desk.context().close();
});
