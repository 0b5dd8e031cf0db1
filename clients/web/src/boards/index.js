/** @file The board of each game behind one interface: `createBoard(game)` gives the room page an element to show, controls, side information and an `update` to call with each new view. */

import { h, s } from '../dom.js';
import { markWin } from './svg.js';
import { magnetonBoard } from './magneton.js';
import { magnetismBoard } from './magnetism.js';
import { magnetBoard } from './magnet.js';
import { magmaBoard } from './magma.js';
import { t } from '../i18n.js';

/**
 * How an action was chosen, for the confirmation: `deliberate`, from a
 * "Play …" button (a yes is asked only for a warned move); `picked`, by the
 * last of two taps or more on cells the board marked for the move (a
 * piece, then where it goes): that tap is the yes on a touch screen.
 * @typedef {{deliberate?: boolean, picked?: boolean}} How
 */

/**
 * What a board is told after every update of its room.
 * @typedef {object} BoardContext
 * @property {import('../protocol.js').RoomState} state the whole room
 * @property {import('../protocol.js').PlayState} play the game part
 * @property {string[]} legal the viewer's legal actions now (empty if it may not act)
 * @property {number | null} you the viewer's seat
 * @property {(action: string, how?: How) => void} act plays one of `legal`, exactly as written there, confirmed if need be
 * @property {boolean} turnBoard draw the board from the viewer's side
 * @property {boolean} narrow the screen is narrow (a phone held upright)
 * @property {boolean} [animate] slide the last action's pieces into place (the person's setting; boards also hold back under `prefers-reduced-motion`)
 * @property {(seat: number) => string} who a seat in words: its player and colour (`Ann (red)`)
 * @property {(seat: number) => string} name a seat's player by name (its colour if nobody sits there)
 */

/**
 * A drawn board.
 * @typedef {object} Board
 * @property {HTMLElement} element the board itself
 * @property {HTMLElement} controls buttons and choices shown under it
 * @property {HTMLElement} info side information (hands, scores, captures)
 * @property {(ctx: BoardContext) => void} update draws the new view
 */

/** @type {Record<string, () => Board>} */
const BOARDS = {
  magneton: magnetonBoard,
  magnetism: magnetismBoard,
  magnet: magnetBoard,
  magma: magmaBoard,
};

/**
 * The board for `game`; a plain text view of the position for a game this
 * client does not know.
 * @param {string} game
 * @returns {Board}
 */
export function createBoard(game) {
  const make = BOARDS[game];
  if (make) return make();
  const pre = h('pre', { class: 'position' });
  return {
    element: h('div', {}, h('p', {}, t('web-board-cannot-draw', { game })), pre),
    controls: h('div'),
    info: h('div'),
    update(ctx) {
      pre.textContent = ctx.play.position;
    },
  };
}

/**
 * Draws `play` of `state` on `board` to be looked at only: nobody acts,
 * nothing slides, the first seat's side down.
 * @param {Board} board
 * @param {import('../protocol.js').RoomState} state
 * @param {import('../protocol.js').PlayState} play
 * @param {Pick<BoardContext, 'narrow' | 'who' | 'name'>} how
 */
export function showOnly(board, state, play, { narrow, who, name }) {
  board.update({ state, play, legal: [], you: null, act: () => {}, turnBoard: false, narrow, animate: false, who, name });
}

/**
 * Marks drawn on a diagram: cells of the last action, winning lines, and
 * arrows from cell to cell.
 * @typedef {object} DiagramMarks
 * @property {string[]} [last]
 * @property {string[][]} [win]
 * @property {[string, string][]} [arrows]
 */

/**
 * A small picture of a position for the rules panel, drawn by the game's
 * own board code from a `board` JSON like the server's; not interactive.
 * @param {string} game
 * @param {import('../wire.js').Board} board the game's `board` JSON (docs/protocol.md)
 * @param {string} caption what the picture shows, in words (also its accessible name)
 * @param {DiagramMarks} [marks]
 */
export function diagram(game, board, caption, marks = {}) {
  const drawn = createBoard(game);
  /** @type {import('../protocol.js').SeatState[]} */
  const seats = [];
  /** @type {import('../protocol.js').PlayState} */
  const play = { position: '', board, to_act: [], legal: [], moves: [], outcome: null, clock: null };
  /** @type {import('../protocol.js').RoomState} */
  const state = { id: 'diagram', game, options: {}, public: true, invite: null, status: 'playing', seed_commitment: '', seats, you: null, play };
  const seat = (/** @type {number} */ n) => `seat ${n + 1}`;
  showOnly(drawn, state, play, { narrow: false, who: seat, name: seat });
  const svg = /** @type {SVGSVGElement | null} */ (drawn.element.querySelector('svg'));
  if (svg) {
    /** @type {Map<string, import('./svg.js').Cell>} */
    const cells = new Map();
    for (const el of svg.querySelectorAll('.cell')) {
      const label = el.getAttribute('data-cell') ?? '';
      const dot = el.querySelector('.dot');
      cells.set(label, {
        label,
        el: /** @type {SVGGElement} */ (el),
        content: /** @type {SVGGElement} */ (el.querySelector('.content')),
        hit: /** @type {SVGElement} */ (el.querySelector('.bg')),
        x: Number(dot?.getAttribute('cx')),
        y: Number(dot?.getAttribute('cy')),
        size: 5,
      });
      el.classList.toggle('last', (marks.last ?? []).includes(label));
      const bg = el.querySelector('.bg');
      for (const name of ['role', 'tabindex', 'aria-disabled', 'aria-label']) bg?.removeAttribute(name);
    }
    const layer = s('g', { class: 'win-layer' });
    svg.append(layer);
    markWin(layer, cells, marks.win ?? []);
    for (const [from, to] of marks.arrows ?? []) {
      const a = cells.get(from);
      const b = cells.get(to);
      if (!a || !b) continue;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const ux = (b.x - a.x) / len;
      const uy = (b.y - a.y) / len;
      const tipX = b.x - ux * 2.5;
      const tipY = b.y - uy * 2.5;
      layer.append(
        s('line', { class: 'arrow', x1: a.x + ux * 2.5, y1: a.y + uy * 2.5, x2: tipX, y2: tipY }),
        s('polygon', {
          class: 'arrow-head',
          points: `${tipX + ux * 2},${tipY + uy * 2} ${tipX - uy * 1.4},${tipY + ux * 1.4} ${tipX + uy * 1.4},${tipY - ux * 1.4}`,
        }),
      );
    }
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', caption);
    svg.classList.add('diagram');
  }
  for (const button of drawn.element.querySelectorAll('button')) button.remove();
  return h('figure', { class: `diagram-figure diagram-${game}` }, drawn.element, h('figcaption', {}, caption));
}
