/** @file The Magma board (drawn once its board JSON is on main; until then the position text and the legal actions as buttons). */

import { h } from '../dom.js';
import { Picker } from './pick.js';

/** @returns {import('./index.js').Board} */
export function magmaBoard() {
  const pre = h('pre', { class: 'position' });
  const controls = h('div');
  const picker = new Picker(new Map(), controls, { path: () => null });
  return {
    element: h('div', { class: 'board-frame magma' }, pre),
    controls,
    info: h('div'),
    update({ play, legal, act }) {
      pre.textContent = play.position;
      picker.update(legal, act);
    },
  };
}
