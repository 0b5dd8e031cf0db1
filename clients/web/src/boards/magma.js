/** @file The Magma board: 91 hexagonal cells in lettered rows, home corners in their colours, red/blue/yellow pieces (with R/B/Y letters); steps and jump chains by clicking the piece then the destination, entering by clicking where the piece lands, buttons for pass and the vote to end, the penalty by clicking the piece to remove; scores. */

import { fill, h, s } from '../dom.js';
import { boardFrame, boardSvg, edgeLabel, hexPoints, makeCell, stone } from './svg.js';
import { Picker, markLast } from './pick.js';

/** @typedef {import('./svg.js').Cell} Cell */

/**
 * The `board` JSON of a Magma view (protocol/src/board.rs): every cell with
 * its piece's colour, the colour its home corner is drawn in, and the seat
 * whose home it is; the seats' hands; the phase; the scores as if the game
 * ended now. Generated from the protocol crate (../wire.d.ts).
 * @typedef {import('../wire.js').MagmaCell} MagmaCell
 * @typedef {import('../wire.js').MagmaScore} MagmaScore
 * @typedef {import('../wire.js').MagmaPhase} MagmaPhase
 * @typedef {import('../wire.js').MagmaBoard} MagmaBoard
 */

/**
 * The rows of the board from the cells' labels (`e3`: row e, third from
 * the left): each row's length, from the top.
 * @param {MagmaCell[]} cells
 */
function rowLengths(cells) {
  /** @type {number[]} */
  const lengths = [];
  for (const { cell } of cells) {
    const row = cell.charCodeAt(0) - 97;
    lengths[row] = Math.max(lengths[row] ?? 0, Number(cell.slice(1)));
  }
  return lengths;
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
   * @param {Map<string, string>} corners the home corners and their colours
   */
  function layout(lengths, corners) {
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
        const corner = corners.get(label);
        const cell = makeCell(label, s('polygon', { points: hexPoints(x, y, size * 0.97) }), x, y, size);
        if (corner) cell.el.classList.add('home', `home-${corner}`);
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
      const board = /** @type {MagmaBoard} */ (play.board);
      const corners = new Map(board.cells.filter((c) => c.corner).map((c) => [c.cell, /** @type {string} */ (c.corner)]));
      const key = `${board.board}:${board.cells.length}`;
      if (key !== shape) {
        shape = key;
        layout(rowLengths(board.cells), corners);
      }
      for (const c of board.cells) {
        const cell = cells.get(c.cell);
        if (!cell) continue;
        cell.content.replaceChildren();
        const home = c.home_of === null ? '' : `, home of ${state.seats[c.home_of]?.name ?? c.home_of}`;
        cell.el.setAttribute('aria-label', `${c.cell}, ${c.piece ? `${c.piece} piece` : 'empty'}${home}`);
        if (c.piece) cell.content.append(stone(cell, size * 0.62, `stone ${c.piece}`, c.piece[0].toUpperCase()));
      }
      const last = play.moves.at(-1)?.action;
      markLast(cells, last ? magmaPath(last) ?? [] : []);
      const phase = board.phase;
      const seatName = /** @param {number} i */ (i) => state.seats[i]?.name ?? String(i);
      fill(
        info,
        h('h3', {}, 'Scores'),
        h(
          'ul',
          { class: 'score-list' },
          ...board.scores.map((sc) =>
            h(
              'li',
              { 'data-color': sc.color },
              h('span', { class: `swatch ${sc.color}` }, sc.color[0].toUpperCase()),
              ` ${sc.color} (seat ${sc.seats.map(seatName).join(', ')}): `,
              h('strong', {}, String(sc.total)),
              ` = ${sc.pieces} pieces + 3 × ${sc.territory} cells`,
            ),
          ),
        ),
        h('p', {}, `In hand: ${board.seats.map((x) => `seat ${seatName(x.seat)} ${x.hand}`).join(' · ')}`),
        h('p', {}, `Passes in a row: ${board.passes}`),
        phase.kind === 'vote'
          ? h('p', { class: 'phase' }, `Seat ${seatName(phase.proposer)} proposes to end the game; waiting for ${phase.waiting.map(seatName).join(', ')}.`)
          : phase.kind === 'penalty'
            ? h('p', { class: 'phase' }, `Seat ${seatName(phase.late)} ran out of time: seat ${seatName(phase.chooser)} removes a ${phase.color} piece.`)
            : phase.kind === 'agreed'
              ? h('p', { class: 'phase' }, 'Everyone agreed to end the game.')
              : null,
        h('p', { class: 'hint' }, 'Scores count as if the game ended now: pieces on the board + 3 × the empty cells only that colour could reach.'),
      );
      picker?.update(legal, act);
    },
  };
}
