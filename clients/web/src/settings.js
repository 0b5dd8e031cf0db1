/** @file The player's settings, kept in this browser: the language, confirm moves, turn the board to one's side, a sound on one's turn, animate moves; and the small form that changes them. */

import { h } from './dom.js';
import { LANGUAGES, LANGUAGE_NAMES, t } from './i18n.js';

const KEY = 'lodestone.settings';

/**
 * @typedef {object} Settings
 * @property {'auto' | 'on' | 'off'} confirm ask before sending every move (auto: on touch screens)
 * @property {boolean} turnBoard draw the board from the viewer's side
 * @property {boolean} sound a short sound when it becomes the viewer's turn
 * @property {boolean} animate slide the pieces of each new move into place (never under `prefers-reduced-motion`)
 * @property {string} language the words' language (`auto`: the browser's)
 */

/** @type {Settings} */
const DEFAULTS = { confirm: 'auto', turnBoard: true, sound: false, animate: true, language: 'auto' };

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
    h('option', { value: 'auto', selected: now.confirm === 'auto' }, t('web-settings-confirm-touch')),
    h('option', { value: 'on', selected: now.confirm === 'on' }, t('web-settings-confirm-always')),
    h('option', { value: 'off', selected: now.confirm === 'off' }, t('web-settings-confirm-never')),
  );
  const language = h(
    'select',
    { id: `${id}-language` },
    h('option', { value: 'auto', selected: !LANGUAGES.some((l) => l === now.language) }, t('web-settings-language-auto')),
    ...LANGUAGES.map((l) => h('option', { value: l, lang: l, selected: now.language === l }, LANGUAGE_NAMES[l])),
  );
  // The whole page is shown again in the new language (what it shows comes back from the server).
  language.addEventListener('change', () => {
    changeSettings({ language: language.value });
    location.reload();
  });
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
    h('summary', {}, t('web-settings')),
    h('div', { class: 'setting' }, h('label', { for: `${id}-language` }, t('web-settings-language')), language),
    h(
      'div',
      { class: 'setting' },
      h('label', { for: `${id}-confirm` }, t('web-settings-confirm')),
      confirm,
    ),
    h('p', { class: 'hint' }, t('web-settings-confirm-hint')),
    box('turnBoard', t('web-settings-turn-board')),
    box('sound', t('web-settings-sound')),
    box('animate', t('web-settings-animate')),
  );
}
