/** @file The Magnetism board: 12×8 squares a–l × 1–8, both sides' pieces and both magnets; the secret opening is one click (the magnet's square), a move three (the magnet's new square, the piece, where it goes). */

import { fill, h, s } from '../dom.js';
import { boardFrame, squareBoard, stone } from './svg.js';
import { Picker, markLast } from './pick.js';

const FILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];

/**
 * What the board shows: pieces by square, and each magnet as a square,
 * `null` (not placed) or `hidden` (placed, but secret from this viewer).
 * @typedef {{pieces: Map<string, 'white' | 'black'>, magnets: {white: string | null, black: string | null}, side: 'white' | 'black'}} MagnetismPosition
 */

/**
 * Reads the position format of docs/rules/magnetism.md (for display only).
 * @param {string} text
 * @returns {MagnetismPosition}
 */
export function readMagnetismPosition(text) {
  const [ranks, side, white, black] = text.trim().split(/\s+/);
  /** @type {Map<string, 'white' | 'black'>} */
  const pieces = new Map();
  ranks.split('/').forEach((row, i) => {
    const rank = 8 - i;
    let file = 0;
    for (const token of row.match(/\d+|[WB]/g) ?? []) {
      if (/\d/.test(token)) file += Number(token);
      else pieces.set(`${FILES[file++]}${rank}`, token === 'W' ? 'white' : 'black');
    }
  });
  /** @param {string} m */
  const magnet = (m) => (m === '-' ? null : m === '?' ? 'hidden' : m);
  return { pieces, magnets: { white: magnet(white), black: magnet(black) }, side: side === 'b' ? 'black' : 'white' };
}

/**
 * The squares of an action: `magnet g4` → [g4]; `(f5) j1-g4` → [f5, j1, g4].
 * @param {string} action
 * @returns {string[] | null}
 */
export function magnetismPath(action) {
  const squares = action.toLowerCase().match(/[a-l][1-8]/g);
  return squares ? [...squares] : null;
}

/**
 * A magnet: a diamond with an M, in its side's colour.
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {string} color
 * @param {string} extra class
 */
function magnetShape(x, y, size, color, extra = '') {
  return s(
    'g',
    { class: `magnet ${color} ${extra}` },
    s('polygon', { points: `${x},${y - size} ${x + size},${y} ${x},${y + size} ${x - size},${y}` }),
    s('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': size * 0.9 }, 'M'),
  );
}

/** @returns {import('./index.js').Board} */
export function magnetismBoard() {
  const { svg, cells, unit } = squareBoard({ files: FILES, ranks: 8, name: 'Magnetism board' });
  const preview = s('g', { class: 'preview' });
  svg.append(preview);
  const controls = h('div');
  const info = h('section', { class: 'magnets', 'aria-label': 'Magnets' });
  /** @type {'white' | 'black' | null} */
  let mover = null;
  const picker = new Picker(cells, controls, {
    path: magnetismPath,
    changed(chosen) {
      preview.replaceChildren();
      const cell = chosen.length > 0 && mover ? cells.get(chosen[0]) : undefined;
      if (cell && mover) preview.append(magnetShape(cell.x, cell.y, unit * 0.42, mover, 'ghost'));
    },
  });
  return {
    element: boardFrame(svg, 'magnetism'),
    controls,
    info,
    update({ state, play, legal, act }) {
      const position = readMagnetismPosition(play.position);
      mover = state.you === 0 ? 'white' : state.you === 1 ? 'black' : null;
      for (const cell of cells.values()) {
        cell.content.replaceChildren();
        cell.el.setAttribute('aria-label', `${cell.label}, empty`);
      }
      for (const [square, color] of position.pieces) {
        const cell = cells.get(square);
        if (!cell) continue;
        cell.content.append(stone(cell, unit * 0.36, `stone ${color}`, color === 'white' ? 'W' : 'B'));
        cell.el.setAttribute('aria-label', `${square}, ${color} piece`);
      }
      /** @type {string[]} */
      const notes = [];
      for (const color of /** @type {const} */ (['white', 'black'])) {
        const where = position.magnets[color];
        const cell = where && where !== 'hidden' ? cells.get(where) : undefined;
        if (cell) {
          cell.content.append(magnetShape(cell.x, cell.y, unit * 0.42, color));
          cell.el.setAttribute('aria-label', `${cell.label}, ${color} magnet`);
          notes.push(`${color} magnet on ${where}`);
        } else {
          notes.push(where === 'hidden' ? `${color} has placed its magnet (secret)` : `${color} magnet not placed yet`);
        }
      }
      const score = /** @param {'white' | 'black'} c */ (c) =>
        [...position.pieces].filter(([sq, col]) => col === c && sq.endsWith(c === 'white' ? '8' : '1')).length;
      const last = play.moves.at(-1)?.action;
      markLast(cells, last ? magnetismPath(last) ?? [] : []);
      const opening = play.moves.length < 2;
      fill(
        info,
        h('h3', {}, 'Magnets and race'),
        h('ul', {}, ...notes.map((n) => h('li', {}, n))),
        h('p', {}, `On the far row: white ${score('white')}, black ${score('black')}`),
        h(
          'p',
          { class: 'hint' },
          opening
            ? 'Secret opening: click the square for your magnet (your half, off the back row).'
            : 'A move: click the magnet’s new square (◆), then one of your pieces, then where it goes.',
        ),
      );
      picker.update(legal, act);
    },
  };
}
