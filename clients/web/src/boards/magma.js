/** @file The Magma board: 91 hexagonal cells in lettered rows, home corners in their colours, red/blue/yellow pieces (with R/B/Y letters); steps and jump chains by clicking the piece then the destination, entering by clicking where the piece lands, buttons for pass and the vote to end, the penalty by clicking the piece to remove; scores. */

import { fill, h, s } from '../dom.js';
import { boardFrame, boardSvg, edgeLabel, hexPoints, makeCell, stone } from './svg.js';
import { Picker, markLast } from './pick.js';

/** @typedef {import('./svg.js').Cell} Cell */

const COLORS = /** @type {const} */ ({ r: 'red', b: 'blue', y: 'yellow' });

/** The homes clockwise from the upper right, for each `board` option; drawn red, blue, yellow, red, blue, yellow. */
const HOMES = /** @type {Record<string, string[]>} */ ({
  zigzag: ['d10', 'j10', 'm1', 'j1', 'd1', 'a1'],
  radius5: ['a6', 'f11', 'k6', 'k1', 'f1', 'a1'],
});
const HOME_COLORS = ['red', 'blue', 'yellow', 'red', 'blue', 'yellow'];

/**
 * The rows of a Magma position (docs/rules/magma.md, "Position format"):
 * each row's cells from left to right, with the colour on it or null.
 * @param {string} position
 * @returns {{rows: ('red' | 'blue' | 'yellow' | null)[][], scores: Record<string, number>}}
 */
export function readMagmaPosition(position) {
  const fields = position.trim().split(/\s+/);
  const rows = fields[0].split('/').map((row) => {
    /** @type {('red' | 'blue' | 'yellow' | null)[]} */
    const cells = [];
    for (const token of row.match(/\d+|[rby]/g) ?? []) {
      if (/\d/.test(token)) for (let i = 0; i < Number(token); i++) cells.push(null);
      else cells.push(COLORS[/** @type {'r' | 'b' | 'y'} */ (token)]);
    }
    return cells;
  });
  /** @type {Record<string, number>} */
  const scores = {};
  const score = fields.find((f) => f.startsWith('score='));
  for (const part of score ? score.slice(6).split(',') : []) {
    const [color, n] = part.split(':');
    scores[color] = Number(n);
  }
  return { rows, scores };
}

/**
 * The cells to click for an action: a move `e3-e5` → [e3, e5] (a spelled
 * out chain keeps every landing cell); `enter e1` → [e1] (where the piece
 * lands); `remove e4` → [e4]; pass and the votes are buttons.
 * @param {string} action
 * @returns {string[] | null}
 */
export function magmaPath(action) {
  const text = action.toLowerCase();
  if (text.startsWith('enter ')) return [text.slice(6).split('-').at(-1) ?? ''];
  if (text.startsWith('remove ')) return [text.slice(7).trim()];
  if (/^[a-m]\d+(-[a-m]\d+)+$/.test(text)) {
    const cells = text.split('-');
    return [cells[0], cells[cells.length - 1]];
  }
  return null;
}

/** @param {string} action */
function buttonLabel(action) {
  return (
    /** @type {Record<string, string>} */ ({
      pass: 'Pass',
      'end?': 'Propose to end the game',
      'end!': 'Agree to end',
      'end-': 'Refuse (play on)',
    })[action] ?? action
  );
}

/** @returns {import('./index.js').Board} */
export function magmaBoard() {
  const size = 5;
  const w = Math.sqrt(3) * size;
  const svg = boardSvg(10, 10, 'Magma board');
  const grid = s('g', { class: 'cells' });
  const labels = s('g');
  svg.append(grid, labels);
  const controls = h('div');
  const info = h('section', { class: 'scores', 'aria-label': 'Scores' });
  /** @type {Map<string, Cell>} */
  let cells = new Map();
  /** @type {Picker | null} */
  let picker = null;
  let shape = '';

  /**
   * Lays out the cells for rows of these lengths (once per board shape).
   * @param {number[]} lengths
   * @param {string[]} homes
   */
  function layout(lengths, homes) {
    const widest = Math.max(...lengths);
    const margin = 8;
    const width = widest * w + 2 * margin;
    const height = (lengths.length - 1) * 1.5 * size + 2 * size + 2 * margin;
    svg.setAttribute('viewBox', `0 0 ${width.toFixed(2)} ${height.toFixed(2)}`);
    grid.replaceChildren();
    labels.replaceChildren();
    cells = new Map();
    lengths.forEach((n, row) => {
      const letter = String.fromCharCode(97 + row);
      const y = margin + size + row * 1.5 * size;
      for (let i = 0; i < n; i++) {
        const x = width / 2 + (i - (n - 1) / 2) * w;
        const label = `${letter}${i + 1}`;
        const home = homes.indexOf(label);
        const cell = makeCell(label, s('polygon', { points: hexPoints(x, y, size * 0.97) }), x, y, size);
        if (home >= 0) {
          cell.el.classList.add('home', `home-${HOME_COLORS[home]}`);
        }
        cell.el.append(s('text', { class: 'cell-label', x, y: y + size * 0.62, 'text-anchor': 'middle' }, label));
        cells.set(label, cell);
        grid.append(cell.el);
      }
      const half = ((n - 1) / 2) * w + w * 0.9;
      labels.append(edgeLabel(width / 2 - half, y, letter), edgeLabel(width / 2 + half, y, letter));
    });
    picker = new Picker(cells, controls, { path: magmaPath, button: buttonLabel });
  }

  return {
    element: boardFrame(svg, 'magma'),
    controls,
    info,
    update({ state, play, legal, act }) {
      const { rows, scores } = readMagmaPosition(play.position);
      const board = state.options.board ?? 'zigzag';
      const key = `${board}:${rows.map((r) => r.length).join(',')}`;
      if (key !== shape) {
        shape = key;
        layout(
          rows.map((r) => r.length),
          HOMES[board] ?? [],
        );
      }
      rows.forEach((row, r) => {
        row.forEach((color, i) => {
          const cell = cells.get(`${String.fromCharCode(97 + r)}${i + 1}`);
          if (!cell) return;
          cell.content.replaceChildren();
          cell.el.setAttribute('aria-label', `${cell.label}, ${color ? `${color} piece` : 'empty'}`);
          if (color) cell.content.append(stone(cell, size * 0.62, `stone ${color}`, color[0].toUpperCase()));
        });
      });
      const last = play.moves.at(-1)?.action;
      markLast(cells, last ? magmaPath(last) ?? [] : []);
      fill(
        info,
        h('h3', {}, 'Scores'),
        h(
          'ul',
          { class: 'score-list' },
          ...Object.entries(scores).map(([color, n]) =>
            h('li', { 'data-color': color }, h('span', { class: `swatch ${color}` }, color[0].toUpperCase()), ` ${color}: ${n}`),
          ),
        ),
        h('p', { class: 'hint' }, 'Scores count as if the game ended now: pieces on the board + 3 × cells only that colour can reach.'),
      );
      picker?.update(legal, act);
    },
  };
}
