/** @file The board of each game behind one interface: `createBoard(game)` gives the room page an element to show, controls, side information and an `update` to call with each new view. */

import { h } from '../dom.js';
import { magnetonBoard } from './magneton.js';
import { magnetismBoard } from './magnetism.js';
import { magnetBoard } from './magnet.js';
import { magmaBoard } from './magma.js';

/**
 * What a board is told after every update of its room.
 * @typedef {object} BoardContext
 * @property {import('../protocol.js').RoomState} state the whole room
 * @property {import('../protocol.js').PlayState} play the game part
 * @property {string[]} legal the viewer's legal actions now (empty if it may not act)
 * @property {number | null} you the viewer's seat
 * @property {(action: string) => void} act plays one of `legal`, exactly as written there
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
    element: h('div', {}, h('p', {}, `This client cannot draw ${game} yet; the position is:`), pre),
    controls: h('div'),
    info: h('div'),
    update(ctx) {
      pre.textContent = ctx.play.position;
    },
  };
}
