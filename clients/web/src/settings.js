/** @file The player's settings, kept in this browser: confirm moves, turn the board to one's side, a sound on one's turn, animate moves; and the small form that changes them. */

import { h } from './dom.js';

const KEY = 'lodestone.settings';

/**
 * @typedef {object} Settings
 * @property {'auto' | 'on' | 'off'} confirm ask before sending every move (auto: on touch screens)
 * @property {boolean} turnBoard draw the board from the viewer's side
 * @property {boolean} sound a short sound when it becomes the viewer's turn
 * @property {boolean} animate slide the pieces of each new move into place (never under `prefers-reduced-motion`)
 */

/** @type {Settings} */
const DEFAULTS = { confirm: 'auto', turnBoard: true, sound: false, animate: true };

/** @type {Set<() => void>} */
const listeners = new Set();

/** The settings now (defaults for anything not stored). @returns {Settings} */
export function settings() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return { ...DEFAULTS, ...(stored && typeof stored === 'object' ? stored : {}) };
  } catch {
    return { ...DEFAULTS };
  }
}

/**
 * Changes some settings and tells whoever listens.
 * @param {Partial<Settings>} change
 */
export function changeSettings(change) {
  localStorage.setItem(KEY, JSON.stringify({ ...settings(), ...change }));
  for (const listener of listeners) listener();
}

/**
 * Calls `listener` after every change; returns the function that stops it.
 * @param {() => void} listener
 */
export function onSettings(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this device is mainly touched (a phone or a tablet). */
export function touchScreen() {
  return matchMedia('(pointer: coarse)').matches;
}

/**
 * Whether a move waits for a second "yes": always with "always"; with "on
 * touch screens", on such a screen unless the move was `picked` in two
 * taps or more (a piece, then where it goes), whose last tap, on a cell
 * marked for that piece, is the yes.
 * @param {{picked?: boolean}} [how]
 */
export function confirmMove({ picked = false } = {}) {
  const { confirm } = settings();
  return confirm === 'on' || (confirm === 'auto' && touchScreen() && !picked);
}

/**
 * The settings as a small form in a `<details>`: each change is kept at once.
 * @param {string} id prefix of the inputs' ids (one form per page)
 */
export function settingsForm(id) {
  const now = settings();
  const confirm = h(
    'select',
    { id: `${id}-confirm` },
    h('option', { value: 'auto', selected: now.confirm === 'auto' }, 'on touch screens'),
    h('option', { value: 'on', selected: now.confirm === 'on' }, 'always'),
    h('option', { value: 'off', selected: now.confirm === 'off' }, 'never'),
  );
  confirm.addEventListener('change', () => changeSettings({ confirm: /** @type {Settings['confirm']} */ (confirm.value) }));
  /**
   * @param {'turnBoard' | 'sound' | 'animate'} key
   * @param {string} text
   */
  const box = (key, text) => {
    const input = h('input', { type: 'checkbox', id: `${id}-${key}`, checked: now[key] });
    input.addEventListener('change', () => changeSettings({ [key]: input.checked }));
    return h('div', { class: 'setting' }, input, ' ', h('label', { for: `${id}-${key}` }, text));
  };
  return h(
    'details',
    { class: 'settings', id },
    h('summary', {}, 'Settings'),
    h(
      'div',
      { class: 'setting' },
      h('label', { for: `${id}-confirm` }, 'Confirm every move: '),
      confirm,
    ),
    h(
      'p',
      { class: 'hint' },
      'On touch screens a move of one tap asks for a yes; a move of two taps or more (a piece, then where it goes) is played by its last tap. A move that loses at once, or lets the opponent win on the spot, is always confirmed.',
    ),
    box('turnBoard', 'Turn the board to my side'),
    box('sound', 'A sound when it is my turn'),
    box('animate', 'Animate moves (tap the board to skip; never when the system asks for less motion)'),
  );
}
