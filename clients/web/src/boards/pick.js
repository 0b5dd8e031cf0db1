/** @file Choosing a move by pointing, for any board: each legal action (from the server) is a path of cells to click, and only paths that lead to a legal action can be followed; actions with no cells become buttons. */

import { fill, h } from '../dom.js';
import { setActive } from './svg.js';
import { t } from '../i18n.js';

/** @typedef {import('./svg.js').Cell} Cell */

/**
 * How a game's actions map onto its cells.
 * @typedef {object} PickRules
 * @property {(action: string) => string[] | null} path the cells to click, in order, to make the action; null for an action shown as a button (`pass`)
 * @property {(action: string) => string} [button] the label of a button action
 * @property {(chosen: string[]) => void} [changed] hears about every change of the choice (to draw a preview)
 */

/** Picks moves on a board from the server's list of legal actions. */
export class Picker {
  /**
   * @param {Map<string, Cell>} cells
   * @param {HTMLElement} controls where button actions and "play" go
   * @param {PickRules} rules
   */
  constructor(cells, controls, rules) {
    this.cells = cells;
    this.controls = controls;
    this.rules = rules;
    /** @type {{action: string, path: string[]}[]} */
    this.options = [];
    /** @type {string[]} */
    this.buttons = [];
    /** @type {string[]} the cells chosen so far */
    this.chosen = [];
    /** @type {(action: string, how?: import('./index.js').How) => void} */
    this.act = () => {};
    this.legalKey = '';
    /** @type {((offered: string[]) => void) | undefined} hears which cells offer something after each change */
    this.onShow = undefined;
    for (const cell of cells.values()) {
      cell.el.addEventListener('click', () => this.point(cell.label));
      cell.el.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          this.point(cell.label);
        } else if (event.key === 'Escape') {
          this.reset();
        }
      });
    }
    this.buttonBox = h('div', { class: 'row actions' });
    this.chosenBox = h('div', { class: 'row chosen' });
    fill(controls, this.buttonBox, this.chosenBox);
  }

  /**
   * Takes a new list of legal actions (keeps the current choice if the
   * list did not change).
   * @param {string[]} legal
   * @param {(action: string, how?: import('./index.js').How) => void} act
   */
  update(legal, act) {
    this.act = act;
    const key = legal.join('|');
    if (key !== this.legalKey) {
      this.legalKey = key;
      this.chosen = [];
      this.options = [];
      this.buttons = [];
      for (const action of legal) {
        const path = this.rules.path(action);
        if (path) this.options.push({ action, path });
        else this.buttons.push(action);
      }
    }
    this.show();
  }

  /** Forgets the current choice. */
  reset() {
    this.chosen = [];
    this.show();
  }

  /** The options that follow the current choice. */
  candidates() {
    const n = this.chosen.length;
    return this.options.filter((o) => o.path.length >= n && this.chosen.every((c, i) => o.path[i] === c));
  }

  /** @param {string} label */
  point(label) {
    const n = this.chosen.length;
    const candidates = this.candidates();
    const exact = candidates.filter((o) => o.path.length === n);
    if (n > 0 && label === this.chosen[n - 1] && exact.length === 1) {
      this.act(exact[0].action, { picked: true });
      return;
    }
    const next = candidates.filter((o) => o.path[n] === label);
    if (next.length === 0) {
      // Not a continuation: start over from this cell if it begins a move.
      if (n > 0) {
        this.chosen = [];
        if (this.options.some((o) => o.path[0] === label)) this.point(label);
        else this.show();
      }
      return;
    }
    const ends = next.filter((o) => o.path.length === n + 1);
    if (ends.length === 1 && next.length === 1) {
      // The last of two taps or more (a piece, then where it goes) was
      // aimed at a cell marked for the piece already chosen: it is the yes.
      this.act(ends[0].action, n > 0 ? { picked: true } : {});
      return;
    }
    this.chosen = [...this.chosen, label];
    this.show();
  }

  /** Marks the cells: chosen, can continue (ring), ends a move (dot). */
  show() {
    const n = this.chosen.length;
    const candidates = this.candidates();
    /** @type {Set<string>} */
    const targets = new Set();
    /** @type {Set<string>} */
    const sources = new Set();
    for (const o of candidates) {
      if (o.path.length <= n) continue;
      const label = o.path[n];
      if (o.path.length === n + 1) targets.add(label);
      else sources.add(label);
    }
    for (const cell of this.cells.values()) {
      const chosen = this.chosen.includes(cell.label);
      const target = targets.has(cell.label);
      const source = sources.has(cell.label);
      cell.el.classList.toggle('chosen', chosen);
      cell.el.classList.toggle('target', target);
      cell.el.classList.toggle('source', source);
      cell.el.classList.toggle('occupied', cell.content.childElementCount > 0);
      setActive(cell, chosen || target || source);
    }
    this.onShow?.([...targets, ...sources]);
    fill(this.buttonBox);
    for (const action of this.buttons) {
      this.buttonBox.append(
        h(
          'button',
          { type: 'button', 'data-action': action, onclick: () => this.act(action) },
          this.rules.button ? this.rules.button(action) : action,
        ),
      );
    }
    this.rules.changed?.(this.chosen);
    fill(this.chosenBox);
    if (n > 0) {
      const exact = candidates.filter((o) => o.path.length === n);
      this.chosenBox.append(h('span', {}, t('web-pick-chosen', { path: this.chosen.join(' → ') })));
      if (exact.length === 1) {
        this.chosenBox.append(
          h('button', { type: 'button', class: 'play', onclick: () => this.act(exact[0].action, { deliberate: true }) }, t('web-pick-play', { action: exact[0].action })),
        );
      }
      this.chosenBox.append(h('button', { type: 'button', class: 'cancel', onclick: () => this.reset() }, t('web-pick-cancel')));
    }
  }
}

/**
 * Marks the cells of the last action (`last` class).
 * @param {Map<string, Cell>} cells
 * @param {string[]} labels
 */
export function markLast(cells, labels) {
  for (const cell of cells.values()) cell.el.classList.toggle('last', labels.includes(cell.label));
}
