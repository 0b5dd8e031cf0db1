/** @file The Magnetism board: 12×8 squares a–l × 1–8, both sides' pieces and both magnets; the secret opening is one click (the magnet's square), a move three (the magnet's new square, the piece, where it goes); what the last move did (the magnet's step, the piece pushed or pulled) marked until the next one. */

import { fill, h, s } from '../dom.js';
import { arrowKeys, boardFrame, describeCell, markWin, placeStones, squareBoard } from './svg.js';
import { Picker, markLast } from './pick.js';
import { effectLayer } from './effects.js';
import { t } from '../i18n.js';

/** The size of the last move's badges (captures, removals), in board units. */
const BADGE = 4.4;

const FILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];

/**
 * The `board` JSON of a Magnetism view (docs/protocol.md): a magnet is a
 * square, `hidden` (placed, but secret from this viewer) or null (not
 * placed yet). Generated from the protocol crate (../wire.d.ts).
 * @typedef {import('../wire.js').MagnetismBoard} MagnetismBoard
 */

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
    s('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': size * 0.9 }, t('web-magnet-letter')),
  );
}

/** @returns {import('./index.js').Board} */
export function magnetismBoard() {
  const { svg, cells, unit, turn } = squareBoard({ files: FILES, ranks: 8, name: t('web-board-magnetism') });
  const preview = s('g', { class: 'preview' });
  const winLayer = s('g', { class: 'win-layer', 'aria-hidden': 'true' });
  svg.append(preview, winLayer);
  const fx = effectLayer(svg);
  const keys = arrowKeys(svg, () => cells.values());
  const controls = h('div');
  const info = h('section', { class: 'magnets', 'aria-label': t('web-magnetism-magnets') });
  /** @type {'white' | 'black' | null} */
  let mover = null;
  const picker = new Picker(cells, controls, {
    path: magnetismPath,
    changed(chosen) {
      preview.replaceChildren();
      const cell = chosen.length > 0 && mover ? cells.get(chosen[0]) : undefined;
      if (cell && mover) preview.append(magnetShape(cell.x, cell.y, unit * 0.42, mover, 'ghost'));
      // The magnet being moved fades on its old square.
      for (const m of svg.querySelectorAll('.cells .magnet')) m.classList.toggle('leaving', Boolean(cell) && m.classList.contains(mover ?? '-'));
    },
  });
  picker.onShow = (offered) => keys.home(cells.get(offered[0] ?? ''));
  return {
    element: boardFrame(svg, 'magnetism'),
    controls,
    info,
    update({ state, play, legal, act, turnBoard, narrow, animate }) {
      const board = /** @type {MagnetismBoard} */ (play.board);
      mover = state.you === 0 ? 'white' : state.you === 1 ? 'black' : null;
      // On a narrow screen the twelve files run down the screen, the
      // viewer's own back row on the left.
      const black = turnBoard && state.you === 1;
      turn(narrow ? (black ? 270 : 90) : black ? 180 : 0);
      placeStones(cells, board.pieces, unit * 0.36, 'web-cell-magnetism-piece');
      /** @type {string[]} */
      const notes = [];
      for (const color of /** @type {const} */ (['white', 'black'])) {
        const where = board.magnets[color];
        const cell = where && where !== 'hidden' ? cells.get(where) : undefined;
        if (cell) {
          cell.content.append(magnetShape(cell.x, cell.y, unit * 0.42, color));
          describeCell(cell, t('web-cell-magnetism-magnet', { cell: cell.label, side: color }));
          notes.push(t('web-magnetism-magnet-on', { side: color, cell: cell.label }));
        } else {
          notes.push(t(where === 'hidden' ? 'web-magnetism-magnet-secret' : 'web-magnetism-magnet-not-yet', { side: color }));
        }
      }
      const last = play.moves.at(-1)?.action;
      markLast(cells, last ? magnetismPath(last) ?? [] : []);
      // At the end, the pieces that reached the far row.
      const winner = play.outcome?.winners.length === 1 ? (play.outcome.winners[0] === 0 ? 'white' : 'black') : null;
      const farRow = winner === 'white' ? '8' : '1';
      markWin(winLayer, cells, winner ? board.pieces[winner].filter((sq) => sq.slice(1) === farRow).map((sq) => [sq]) : []);
      fx.show(cells, play.last, { animate, badge: BADGE, reach: 3.6 });
      const opening = play.moves.length < 2;
      fill(
        info,
        h('h3', {}, t('web-magnetism-heading')),
        h('ul', {}, ...notes.map((n) => h('li', {}, n))),
        h('p', { class: 'race' }, t('web-magnetism-race', { white: board.far_row.white, black: board.far_row.black })),
        h(
          'p',
          { class: 'hint' },
          t(opening ? 'web-magnetism-opening-hint' : 'web-magnetism-move-hint'),
        ),
      );
      picker.update(legal, act);
    },
  };
}
