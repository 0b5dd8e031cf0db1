/** @file "How to play": each game's rules in a few plain paragraphs (after docs/rules/), with small diagrams drawn by the game's own board code, shown in a dialog from the lobby and the room. */

import { h } from './dom.js';
import { t } from './i18n.js';
import { diagram } from './boards/index.js';

/** Every game's name as people write it. */
export const GAME_NAMES = /** @type {Record<string, string>} */ ({
  magneton: 'Magneton',
  magnetism: 'Magnetism',
  magnet: 'Magnet',
  magma: 'Magma',
});

/** @param {string} game */
export function gameName(game) {
  return GAME_NAMES[game] ?? game;
}

/**
 * @param {string} title
 * @param {...(string | Node)} parts paragraphs (strings) or figures
 */
function part(title, ...parts) {
  return h('section', {}, h('h3', {}, title), ...parts.map((p) => (typeof p === 'string' ? h('p', {}, p) : p)));
}

/** @param {string[]} items */
function list(items) {
  return h('ul', {}, ...items.map((i) => h('li', {}, i)));
}

/** Rows of Magma's zigzag board from the top, and the colours of its corners. */
const MAGMA_ROWS = [1, 4, 7, 10, 9, 10, 9, 10, 9, 10, 7, 4, 1];
const MAGMA_CORNERS = /** @type {Record<string, string>} */ ({ d10: 'red', j10: 'blue', m1: 'yellow', j1: 'red', d1: 'blue', a1: 'yellow' });

/**
 * A Magma `board` JSON for a diagram.
 * @param {Record<string, string>} pieces colour by cell
 * @returns {import('./wire.js').MagmaBoard}
 */
function magmaBoard(pieces) {
  const cells = [];
  for (const [row, n] of MAGMA_ROWS.entries()) {
    for (let i = 1; i <= n; i++) {
      const cell = `${String.fromCharCode(97 + row)}${i}`;
      cells.push({ cell, q: 0, r: 0, piece: pieces[cell] ?? null, corner: MAGMA_CORNERS[cell] ?? null, home_of: null });
    }
  }
  return {
    board: 'zigzag',
    cells,
    slots: [],
    slot: 0,
    seats: [],
    passes: 0,
    turns: 0,
    phase: { kind: 'turn', may_propose_end: true },
    clock: null,
    scores: [],
  };
}

/** Magnet's start vertices (docs/rules/magnet.md). */
const MAGNET_START = {
  red: ['A2', 'A3', 'A4', 'A5', 'B7', 'C8', 'D9', 'E10', 'G10', 'H9', 'I8', 'J7'],
  blue: ['B1', 'C1', 'D1', 'E1', 'G1', 'H1', 'I1', 'J1', 'K2', 'K3', 'K4', 'K5'],
};

/** @type {Record<string, () => Node[]>} */
const RULES = {
  magneton: () => [
    h('p', { class: 'lead' }, t('web-rules-magneton-lead')),
    part(
      t('web-rules-a-turn'),
      t('web-rules-magneton-turn-drop'),
      t('web-rules-magneton-turn-magnet'),
      diagram(
        'magneton',
        { stones: { white: ['D4', 'D8'], black: ['E4'] }, hands: { white: 9, black: 10 }, side: 'black', phase: 'drop' },
        t('web-rules-magneton-figure-drop'),
        { last: ['D4'], arrows: [['D6', 'D8'], ['F4', 'E4']] },
      ),
    ),
    part(
      t('web-rules-magneton-slide'),
      t('web-rules-magneton-slide-text'),
    ),
    part(
      t('web-rules-winning'),
      t('web-rules-magneton-win-text'),
      diagram(
        'magneton',
        { stones: { white: ['F1', 'E2', 'D3', 'C4'], black: ['E1', 'F2', 'C3', 'B8'] }, hands: { white: 8, black: 8 }, side: 'white', phase: 'drop' },
        t('web-rules-magneton-figure-win'),
        { last: ['C3'], arrows: [['C6', 'C4'], ['H3', 'D3']], win: [['F1', 'E2', 'D3', 'C4']] },
      ),
    ),
    part(t('web-rules-magneton-draws'), t('web-rules-magneton-draws-text')),
  ],
  magnetism: () => [
    h('p', { class: 'lead' }, t('web-rules-magnetism-lead')),
    part(
      t('web-rules-magnetism-opening'),
      t('web-rules-magnetism-opening-text'),
    ),
    part(
      t('web-rules-magnetism-move'),
      list([
        t('web-rules-magnetism-move-magnet'),
        t('web-rules-magnetism-move-piece'),
      ]),
      diagram(
        'magnetism',
        {
          pieces: {
            white: ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'i1', 'k1', 'l1', 'g4'],
            black: ['a8', 'b8', 'c8', 'd8', 'e8', 'f8', 'g8', 'h8', 'i8', 'j8', 'k8', 'l8'],
          },
          magnets: { white: 'f5', black: 'd5' },
          side: 'black',
          far_row: { white: 0, black: 0 },
        },
        t('web-rules-magnetism-figure-move'),
        { last: ['f5', 'j1', 'g4'], arrows: [['g4', 'f5'], ['j1', 'g4']] },
      ),
      t('web-rules-magnetism-blocks'),
    ),
    part(
      t('web-rules-winning'),
      t('web-rules-magnetism-win-text'),
    ),
  ],
  magnet: () => [
    h('p', { class: 'lead' }, t('web-rules-magnet-lead')),
    part(
      t('web-rules-magnet-pieces'),
      list([
        t('web-rules-magnet-king'),
        t('web-rules-magnet-values'),
        t('web-rules-magnet-traps'),
        t('web-rules-magnet-rank'),
      ]),
      t('web-rules-magnet-hidden'),
      diagram(
        'magnet',
        {
          in_setup: false,
          side: 'red',
          opening: true,
          centre: 'F6',
          start: MAGNET_START,
          red: {
            open: true,
            set_up: true,
            pieces: MAGNET_START.red.map((vertex, i) => ({ vertex, rank: 1, kind: ['K', '2', 'T2', '4', '3', '3', 'T3', '4', '2', '2', '3', '4'][i] })),
            captured: [],
            destroyed: [],
          },
          blue: { open: false, set_up: true, pieces: MAGNET_START.blue.map((vertex) => ({ vertex, rank: 1 })), captured: [], destroyed: 0 },
        },
        t('web-rules-magnet-figure-start'),
      ),
    ),
    part(
      t('web-rules-a-turn'),
      t('web-rules-magnet-turn-text'),
      t('web-rules-magnet-turn-order'),
    ),
    part(
      t('web-rules-winning'),
      t('web-rules-magnet-win-text'),
    ),
    part(t('web-rules-magnet-setup'), t('web-rules-magnet-setup-text')),
  ],
  magma: () => [
    h('p', { class: 'lead' }, t('web-rules-magma-lead')),
    part(
      t('web-rules-magma-turn'),
      list([
        t('web-rules-magma-turn-step'),
        t('web-rules-magma-turn-jump'),
        t('web-rules-magma-turn-enter'),
        t('web-rules-magma-turn-pass'),
      ]),
      diagram(
        'magma',
        magmaBoard({ d10: 'red', j1: 'blue' }),
        t('web-rules-magma-figure-board'),
      ),
    ),
    part(
      t('web-rules-magma-end'),
      t('web-rules-magma-end-text'),
    ),
    part(
      t('web-rules-magma-scoring'),
      t('web-rules-magma-scoring-text'),
    ),
    part(
      t('web-rules-magma-hot'),
      t('web-rules-magma-hot-text'),
    ),
  ],
};

/**
 * The rules of `game` as an element.
 * @param {string} game
 */
export function rulesOf(game) {
  const make = RULES[game];
  return h(
    'div',
    { class: 'rules', 'data-game': game },
    ...(make ? make() : [h('p', {}, t('web-rules-none', { game: gameName(game) }))]),
    h('p', { class: 'hint' }, t('web-rules-hint')),
  );
}

/** @type {HTMLDialogElement | null} */
let dialog = null;

/**
 * Opens the "How to play" dialog for `game` (closing with Esc or its
 * button gives the focus back to whatever had it).
 * @param {string} game
 */
export function showRules(game) {
  if (!dialog) {
    dialog = h('dialog', { class: 'rules-dialog', id: 'rules', 'aria-labelledby': 'rules-title' });
    document.body.append(dialog);
  }
  const close = h('button', { type: 'button', class: 'close', id: 'rules-close' }, t('web-rules-close'));
  const box = dialog;
  close.addEventListener('click', () => box.close());
  box.replaceChildren(
    h('div', { class: 'rules-head' }, h('h2', { id: 'rules-title' }, t('web-rules-title', { game: gameName(game) })), close),
    rulesOf(game),
  );
  box.showModal();
  close.focus();
}

/**
 * A button that opens the rules of `game` (or of whatever `game()` says
 * when clicked).
 * @param {string | (() => string)} game
 * @param {string} [id]
 */
export function rulesButton(game, id) {
  return h(
    'button',
    { type: 'button', class: 'rules-button', id, onclick: () => showRules(typeof game === 'string' ? game : game()) },
    t('web-rules-button'),
  );
}
