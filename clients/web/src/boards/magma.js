/** @file The Magma board: 91 hexagonal cells in lettered rows, home corners in their colours, red/blue/yellow pieces (with R/B/Y letters); steps and jump chains by clicking the piece then the destination, entering by clicking where the piece lands, buttons for pass and the vote to end, the penalty by clicking the piece to remove; what the last action did (a step, a jump chain, an entry, a removal, the cells claimed at the end) marked until the next one; scores. */

import { fill, h, s } from '../dom.js';
import { arrowKeys, boardFrame, boardSvg, describeCell, edgeLabel, hexPoints, makeCell, stone, touchLens } from './svg.js';
import { Picker, markLast } from './pick.js';
import { effectLayer } from './effects.js';
import { t } from '../i18n.js';
import { colorLetter, colorName } from '../words.js';

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
    /** @type {Record<string, () => string>} */ ({
      pass: () => t('web-magma-pass'),
      'end?': () => t('web-magma-end-propose'),
      'end!': () => t('web-magma-end-agree'),
      'end-': () => t('web-magma-end-refuse'),
    })[action]?.() ?? action
  );
}

/** The size of the last move's badges (captures, removals), in board units. */
const BADGE = 3.8;

/** @returns {import('./index.js').Board} */
export function magmaBoard() {
  const size = 5;
  const w = Math.sqrt(3) * size;
  const svg = boardSvg(10, 10, t('web-board-magma'));
  const grid = s('g', { class: 'cells' });
  const labels = s('g', { 'aria-hidden': 'true' });
  svg.append(grid, labels);
  const fx = effectLayer(svg);
  const frame = boardFrame(svg, 'magma');
  const lens = touchLens(frame, svg, w);
  const keys = arrowKeys(svg, () => cells.values());
  const controls = h('div');
  const info = h('section', { class: 'scores', 'aria-label': t('web-magma-scores') });
  /** @type {Map<string, Cell>} */
  let cells = new Map();
  /** @type {Picker | null} */
  let picker = null;
  let shape = '';
  let moveCount = -1;

  /**
   * Lays out the cells for rows of these lengths, turned by `degrees` (a
   * multiple of 60, so the hexagons stay upright).
   * @param {number[]} lengths
   * @param {Map<string, string>} corners the home corners and their colours
   * @param {number} degrees
   */
  function layout(lengths, corners, degrees) {
    const angle = (degrees * Math.PI) / 180;
    const turn = /** @param {number} x @param {number} y */ (x, y) =>
      /** @type {[number, number]} */ ([x * Math.cos(angle) - y * Math.sin(angle), x * Math.sin(angle) + y * Math.cos(angle)]);
    /** @type {{label: string, x: number, y: number}[]} */
    const spots = [];
    /** @type {{letter: string, x: number, y: number}[]} */
    const rowEnds = [];
    lengths.forEach((n, row) => {
      const letter = String.fromCharCode(97 + row);
      const y = (row - (lengths.length - 1) / 2) * 1.5 * size;
      for (let i = 0; i < n; i++) {
        const [x, yy] = turn((i - (n - 1) / 2) * w, y);
        spots.push({ label: `${letter}${i + 1}`, x, y: yy });
      }
      const half = ((n - 1) / 2) * w + w * 0.9;
      for (const side of [-1, 1]) {
        const [x, yy] = turn(side * half, y);
        rowEnds.push({ letter, x, y: yy });
      }
    });
    const margin = size + 5;
    const minX = Math.min(...spots.map((p) => p.x)) - margin;
    const minY = Math.min(...spots.map((p) => p.y)) - margin;
    const width = Math.max(...spots.map((p) => p.x)) - minX + margin;
    const height = Math.max(...spots.map((p) => p.y)) - minY + margin;
    lens.setBase(`0 0 ${width.toFixed(2)} ${height.toFixed(2)}`);
    grid.replaceChildren();
    labels.replaceChildren();
    cells = new Map();
    for (const spot of spots) {
      const x = spot.x - minX;
      const y = spot.y - minY;
      const corner = corners.get(spot.label);
      const cell = makeCell(spot.label, s('polygon', { points: hexPoints(x, y, size * 0.97) }), x, y, size);
      if (corner) {
        cell.el.classList.add('home', `home-${corner}`);
        // The home's colour as a letter too, above where a stone stands (clear
        // of it), drawn over the cells so no neighbour hides it.
        labels.append(
          s('text', { class: 'home-letter', x, y: y - size * 0.86, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'aria-hidden': 'true' }, `⌂${colorLetter(corner)}`),
        );
      }
      // Under the cell's middle (where a target's dot is), hidden under a stone.
      cell.el.append(s('text', { class: 'cell-label', x, y: y + size * 0.7, 'text-anchor': 'middle', 'aria-hidden': 'true' }, spot.label));
      cells.set(spot.label, cell);
      grid.append(cell.el);
    }
    // Row letters at both ends of each row, where they still read as rows.
    if (degrees % 180 === 0) {
      for (const end of rowEnds) labels.append(edgeLabel(end.x - minX, end.y - minY, end.letter));
    }
    picker = new Picker(cells, controls, { path: magmaPath, button: buttonLabel });
    picker.onShow = (offered) => {
      keys.home(cells.get(offered[0] ?? ''));
      lens.follow(offered.map((label) => cells.get(label)).filter((c) => c !== undefined));
    };
  }

  /**
   * The turn (a multiple of 60°) that puts `home` at the bottom.
   * @param {MagmaCell[]} all
   * @param {string | undefined} home
   */
  function turnFor(all, home) {
    const cell = all.find((c) => c.cell === home);
    if (!cell) return 0;
    const lengths = rowLengths(all);
    const row = cell.cell.charCodeAt(0) - 97;
    const n = lengths[row];
    const x = (Number(cell.cell.slice(1)) - 1 - (n - 1) / 2) * w;
    const y = (row - (lengths.length - 1) / 2) * 1.5 * size;
    const now = (Math.atan2(y, x) * 180) / Math.PI;
    return (((Math.round((90 - now) / 60) * 60) % 360) + 360) % 360;
  }

  return {
    element: frame,
    controls,
    info,
    update({ state, play, legal, act, turnBoard, who, name, animate }) {
      const board = /** @type {MagmaBoard} */ (play.board);
      const corners = new Map(board.cells.filter((c) => c.corner).map((c) => [c.cell, /** @type {string} */ (c.corner)]));
      const mine = state.you === null ? undefined : board.seats.find((x) => x.seat === state.you)?.homes[0];
      const degrees = turnBoard ? turnFor(board.cells, mine) : 0;
      const key = `${board.board}:${board.cells.length}:${degrees}`;
      if (key !== shape) {
        shape = key;
        layout(rowLengths(board.cells), corners, degrees);
      }
      if (play.moves.length !== moveCount) {
        moveCount = play.moves.length;
        lens.moved();
      }
      // The end is seen on the whole board.
      if (play.outcome) {
        lens.reset();
      }
      for (const c of board.cells) {
        const cell = cells.get(c.cell);
        if (!cell) continue;
        cell.content.replaceChildren();
        cell.el.classList.toggle('occupied', Boolean(c.piece));
        const what = c.piece ? t('web-cell-magma-piece', { cell: c.cell, side: c.piece }) : t('web-cell-empty', { cell: c.cell });
        describeCell(cell, c.home_of === null ? what : t('web-cell-magma-home', { cell: what, who: who(c.home_of) }));
        if (c.piece) cell.content.append(stone(cell, size * 0.55, `stone ${c.piece}`, colorLetter(c.piece)));
      }
      const last = play.moves.at(-1)?.action;
      markLast(cells, last ? magmaPath(last) ?? [] : []);
      fx.show(cells, play.last, { animate, badge: BADGE, reach: 2.75 });
      const phase = board.phase;
      fill(
        info,
        h('h3', {}, t(play.outcome ? 'web-magma-final-scores' : 'web-magma-scores-now')),
        scoreTable(board, name),
        h('p', {}, t('web-magma-in-hand', { hands: board.seats.map((x) => t('web-magma-hand', { name: name(x.seat), count: x.hand })).join(' · ') })),
        h('p', {}, t('web-magma-passes', { count: board.passes })),
        phase.kind === 'vote'
          ? h('p', { class: 'phase' }, t('web-magma-vote', { who: who(phase.proposer), names: phase.waiting.map(who).join(', ') }))
          : phase.kind === 'penalty'
            ? h('p', { class: 'phase' }, t('web-magma-penalty', { who: who(phase.late), chooser: who(phase.chooser), side: phase.color }))
            : phase.kind === 'agreed'
              ? h('p', { class: 'phase' }, t('web-magma-agreed'))
              : null,
        h('p', { class: 'hint' }, t('web-magma-score-hint')),
      );
      picker?.update(legal, act);
    },
  };
}

/**
 * The scores as a table: colour (with its letter), who plays it, pieces,
 * cells, total; the highest first.
 * @param {MagmaBoard} board
 * @param {(seat: number) => string} who a seat's player, by name
 */
export function scoreTable(board, who) {
  const rows = [...board.scores].sort((a, b) => b.total - a.total);
  return h(
    'table',
    { class: 'score-table' },
    h('caption', { class: 'visually-hidden' }, t('web-magma-scores')),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, t('web-magma-colour')),
        h('th', { scope: 'col' }, t('web-magma-pieces')),
        h('th', { scope: 'col' }, t('web-magma-cells')),
        h('th', { scope: 'col' }, t('web-magma-total')),
      ),
    ),
    h(
      'tbody',
      {},
      ...rows.map((sc) =>
        h(
          'tr',
          { 'data-color': sc.color },
          h(
            'th',
            { scope: 'row' },
            h('span', { class: `swatch ${sc.color}`, 'aria-hidden': 'true' }, colorLetter(sc.color)),
            ` ${colorName(sc.color)}`,
            h('span', { class: 'players' }, ` (${sc.seats.map(who).join(', ')})`),
          ),
          h('td', {}, String(sc.pieces)),
          h('td', {}, `${sc.territory} × 3`),
          h('td', {}, h('strong', {}, String(sc.total))),
        ),
      ),
    ),
  );
}
