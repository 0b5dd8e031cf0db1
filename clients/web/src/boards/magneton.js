/** @file The Magneton board: 8×8 squares A–H × 1–8, white and black stones (with W/B letters), stones in hand; drops are one click, moves two (stone, then destination); what the last action did (the drop or slide, the stones it pushed and pulled) marked until the next one; the winning line drawn at the end. */

import { fill, h, s } from '../dom.js';
import { arrowKeys, boardFrame, markWin, placeStones, squareBoard } from './svg.js';
import { Picker, markLast } from './pick.js';
import { effectLayer } from './effects.js';
import { t } from '../i18n.js';

/** The size of the last move's badges (captures, removals), in board units. */
const BADGE = 4.4;

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

/**
 * The longest runs of four or more of `squares` along a rank, file or
 * diagonal (the winning lines of a finished game).
 * @param {string[]} squares
 * @returns {string[][]}
 */
export function linesOfFour(squares) {
  const taken = new Set(squares);
  /** @type {string[][]} */
  const lines = [];
  for (const [df, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
    for (const start of squares) {
      const f = FILES.indexOf(start[0]);
      const r = Number(start.slice(1));
      // Only from the first square of a run.
      if (taken.has(`${FILES[f - df]}${r - dr}`)) continue;
      const run = [];
      for (let i = 0; ; i++) {
        const sq = `${FILES[f + i * df] ?? '?'}${r + i * dr}`;
        if (!taken.has(sq)) break;
        run.push(sq);
      }
      if (run.length >= 4) lines.push(run);
    }
  }
  return lines;
}

/** @returns {import('./index.js').Board} */
export function magnetonBoard() {
  const { svg, cells, unit, turn } = squareBoard({ files: FILES, ranks: 8, name: t('web-board-magneton') });
  const winLayer = s('g', { class: 'win-layer', 'aria-hidden': 'true' });
  svg.append(winLayer);
  const fx = effectLayer(svg);
  const keys = arrowKeys(svg, () => cells.values());
  const controls = h('div');
  const info = h('section', { class: 'hands', 'aria-label': t('web-magneton-hands-label') });
  const picker = new Picker(cells, controls, {
    path: magnetonPath,
    button: (a) => (a === 'pass' ? t('web-magneton-pass') : a),
  });
  picker.onShow = (offered) => keys.home(cells.get(offered[0] ?? ''));
  return {
    element: boardFrame(svg, 'magneton'),
    controls,
    info,
    update({ state, play, legal, act, turnBoard, animate }) {
      const board = /** @type {import('../wire.js').MagnetonBoard} */ (play.board);
      turn(turnBoard && state.you === 1 ? 180 : 0);
      placeStones(cells, board.stones, unit * 0.38, 'web-cell-magneton-stone');
      const last = play.moves.at(-1)?.action;
      markLast(cells, last ? magnetonPath(last) ?? [] : []);
      // The winning line as the last action's effects name it (else found
      // on the board, for a view without them).
      const told = (play.last?.effects ?? []).flatMap((e) => (e.kind === 'line' ? [e.cells] : []));
      const winner = play.outcome?.winners.length === 1 ? (play.outcome.winners[0] === 0 ? 'white' : 'black') : null;
      const found = winner && /four in a row/.test(play.outcome?.result ?? '') ? linesOfFour(board.stones[winner]) : [];
      markWin(winLayer, cells, told.length ? told : found);
      fx.show(cells, play.last, { animate, badge: BADGE, reach: 3.8 });
      fill(
        info,
        h('h3', {}, t('web-magneton-in-hand')),
        h('p', {}, t('web-magneton-hands', { white: board.hands.white, black: board.hands.black })),
        h('p', { class: 'hint' }, t(board.phase === 'drop' ? 'web-magneton-drop-hint' : 'web-magneton-move-hint')),
      );
      picker.update(legal, act);
    },
  };
}
