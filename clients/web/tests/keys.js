/** @file Test helpers for playing by keyboard alone: Tab to a control (checking that the focus is drawn where it lands), arrow keys across a board to a cell, a choice in a select by arrow keys, and a person who enters the lobby by typing. */

import assert from 'node:assert/strict';
import { PATIENCE_MS } from './harness.js';

/**
 * Fails unless the element with the focus shows it: a cell's focus ring
 * (its outline drawn in the accent colour), or a control's outline.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
export async function assertFocusVisible(page, where) {
  const seen = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing has the focus';
    const cell = el.closest('[data-cell]');
    if (cell) {
      const ring = cell.querySelector('.outline');
      const style = ring ? getComputedStyle(ring) : null;
      return style && style.display !== 'none' && style.stroke !== 'none' ? '' : `cell ${cell.getAttribute('data-cell')} shows no focus ring`;
    }
    const style = getComputedStyle(el);
    const drawn = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return drawn ? '' : `${el.tagName.toLowerCase()}#${el.id} shows no outline`;
  });
  assert.equal(seen, '', `${where}: the focus is not visible (${seen})`);
}

/**
 * Presses Tab (Shift+Tab with `back`) until the focus is on an element
 * matching `selector`, at most `max` times; the focus must be visible there.
 * Returns how many presses it took.
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @param {{max?: number, back?: boolean}} [options]
 */
export async function tabTo(page, selector, { max = 80, back = false } = {}) {
  // The control may still be on its way (an update draws it).
  await page.locator(selector).first().waitFor({ timeout: PATIENCE_MS });
  for (let presses = 0; presses <= max; presses += 1) {
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) {
      await assertFocusVisible(page, `Tab to ${selector}`);
      return presses;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of Tab never reached ${selector}`);
}

/**
 * With the focus on a select, presses the arrow keys until its value is
 * `value`.
 * @param {import('playwright-core').Page} page
 * @param {string} value
 */
export async function chooseByKeys(page, value) {
  const current = () => page.evaluate(() => /** @type {HTMLSelectElement} */ (document.activeElement).value);
  const values = await page.evaluate(() => [.../** @type {HTMLSelectElement} */ (document.activeElement).options].map((o) => o.value));
  const target = values.indexOf(value);
  assert.ok(target >= 0, `the select offers ${value}`);
  for (let i = 0; i < values.length * 2 && (await current()) !== value; i += 1) {
    const at = values.indexOf(await current());
    await page.keyboard.press(at < target ? 'ArrowDown' : 'ArrowUp');
  }
  assert.equal(await current(), value);
}

/**
 * The label of the board cell with the focus, or null.
 * @param {import('playwright-core').Page} page
 */
export function focusedCell(page) {
  return page.evaluate(() => document.activeElement?.closest('#board [data-cell]')?.getAttribute('data-cell') ?? null);
}

/**
 * Brings the focus onto the board (Tab) and walks it with the arrow keys
 * to `label`, then checks that the focus shows there.
 * @param {import('playwright-core').Page} page
 * @param {string} label
 */
export async function arrowTo(page, label) {
  if ((await focusedCell(page)) === null) await tabTo(page, '#board .cell .bg');
  for (let presses = 0; presses < 60; presses += 1) {
    const here = await focusedCell(page);
    if (here === label) {
      await assertFocusVisible(page, `the cell ${label}`);
      return;
    }
    // The arrow towards the cell, along the longer way first; the other
    // way if that one does not move the focus.
    const keys = await page.evaluate(([from, to]) => {
      const centre = (/** @type {string} */ l) => {
        const box = document.querySelector(`#board [data-cell="${l}"] .bg`)?.getBoundingClientRect();
        return box ? [box.x + box.width / 2, box.y + box.height / 2] : [0, 0];
      };
      const [fx, fy] = centre(from);
      const [tx, ty] = centre(to);
      const dx = tx - fx;
      const dy = ty - fy;
      const across = dx > 0 ? 'ArrowRight' : 'ArrowLeft';
      const down = dy > 0 ? 'ArrowDown' : 'ArrowUp';
      const order = Math.abs(dx) >= Math.abs(dy) ? [across, down] : [down, across];
      return order.filter((key, i) => (i === 0 ? true : Math.abs(key === across ? dx : dy) > 2));
    }, /** @type {[string, string]} */ ([/** @type {string} */ (here), label]));
    let moved = false;
    for (const key of keys) {
      await page.keyboard.press(key);
      if ((await focusedCell(page)) !== here) {
        moved = true;
        break;
      }
    }
    assert.ok(moved, `the arrow keys do not move on from ${here} towards ${label}`);
  }
  throw new Error(`60 arrow presses never reached ${label}`);
}

/**
 * Arrows to `label` and presses Enter there.
 * @param {import('playwright-core').Page} page
 * @param {string} label
 */
export async function pressCell(page, label) {
  await page.locator(`#board [data-cell="${label}"]:is(.target, .source)`).waitFor();
  await arrowTo(page, label);
  await page.keyboard.press('Enter');
}
