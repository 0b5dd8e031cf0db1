/** @file The Magneton board: 8×8 squares A–H × 1–8, white and black stones (with W/B letters), stones in hand; drops are one click, moves two (stone, then destination). */

import { fill, h } from '../dom.js';
import { boardFrame, squareBoard, stone } from './svg.js';
import { Picker, markLast } from './pick.js';

const FILES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];

/**
 * The squares of an action: `D4` → [D4], `D4-D1` → [D4, D1], `pass` → null.
 * @param {string} action
 * @returns {string[] | null}
 */
export function magnetonPath(action) {
  const squares = action.toUpperCase().match(/[A-H][1-8]/g);
  return squares ? [...squares] : null;
}

/** @returns {import('./index.js').Board} */
export function magnetonBoard() {
  const { svg, cells, unit } = squareBoard({ files: FILES, ranks: 8, name: 'Magneton board' });
  const controls = h('div');
  const info = h('section', { class: 'hands', 'aria-label': 'Stones in hand' });
  const picker = new Picker(cells, controls, {
    path: magnetonPath,
    button: (a) => (a === 'pass' ? 'Pass (no move possible)' : a),
  });
  return {
    element: boardFrame(svg, 'magneton'),
    controls,
    info,
    update({ play, legal, act }) {
      const board = /** @type {import('../wire.js').MagnetonBoard} */ (play.board);
      for (const cell of cells.values()) {
        cell.content.replaceChildren();
        cell.el.setAttribute('aria-label', `${cell.label}, empty`);
      }
      for (const color of /** @type {const} */ (['white', 'black'])) {
        for (const square of board.stones[color]) {
          const cell = cells.get(square);
          if (!cell) continue;
          cell.content.append(stone(cell, unit * 0.38, `stone ${color}`, color === 'white' ? 'W' : 'B'));
          cell.el.setAttribute('aria-label', `${square}, ${color} stone`);
        }
      }
      const last = play.moves.at(-1)?.action;
      markLast(cells, last ? magnetonPath(last) ?? [] : []);
      fill(
        info,
        h('h3', {}, 'In hand'),
        h('p', {}, `White (W): ${board.hands.white} · Black (B): ${board.hands.black}`),
        h('p', { class: 'hint' }, board.phase === 'drop' ? 'Drop phase: click an empty square.' : 'Move phase: click a stone, then where it slides.'),
      );
      picker.update(legal, act);
    },
  };
}
