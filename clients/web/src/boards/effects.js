/** @file What the last action did, drawn on any board from `play.last.effects`: a ring where a piece started and an arrow along its path (solid when moved or entered, dashed when pushed, dotted when pulled), badges for captures, trap victims, promotions and removals, Magma's claimed cells, words for each cell; and a short animation of the moves, skippable, off under `prefers-reduced-motion`. Only what the effects carry is drawn: a piece's kind appears only where the server told this viewer. */

import { s } from '../dom.js';
import { t } from '../i18n.js';
import { colorName, colorLetter } from '../words.js';

/** @typedef {import('./svg.js').Cell} Cell */
/** @typedef {import('../wire.js').EffectState} EffectState */
/** @typedef {import('../wire.js').LastAction} LastAction */

/** How long one piece takes to slide, and how long after the one before it starts (ms). */
export const SLIDE_MS = 380;
export const STAGGER_MS = 200;

/** Every class this module puts on cells, to clear them before the next action. */
const CELL_CLASSES = [
  'fx-from',
  'fx-to',
  'fx-path',
  'fx-placed',
  'fx-moved',
  'fx-entered',
  'fx-pushed',
  'fx-pulled',
  'fx-captured',
  'fx-trapped',
  'fx-promoted',
  'fx-removed',
  'fx-claimed',
];

/** Whether the person asked their system for less motion. */
export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A piece's kind as the catalogue chooses by it: `stone` or `piece` when
 * the effect does not say, else `magnet`, `king`, `trap` or `value` (a
 * numbered piece), with the number in `value`.
 * @param {{piece?: string}} fx
 * @param {string} plain what to call a piece of unknown kind
 */
export function pieceKind(fx, plain) {
  const piece = fx.piece;
  if (!piece) return { kind: plain, value: '' };
  if (piece === 'magnet') return { kind: 'magnet', value: '' };
  if (piece === 'K') return { kind: 'king', value: '' };
  return piece.startsWith('T') ? { kind: 'trap', value: piece.slice(1) } : { kind: 'value', value: piece };
}

/**
 * A piece as an effect tells it: `a blue 3`, `a white stone`, `a red piece`.
 * @param {{side?: string, piece?: string}} fx
 * @param {string} [plain] what to call a piece of unknown kind (`piece` or `stone`)
 */
export function pieceWords(fx, plain = 'piece') {
  const { kind, value } = pieceKind(fx, plain);
  return fx.side ? t('web-fx-piece-side', { kind, value, side: fx.side }) : t('web-fx-piece', { kind, value });
}

/**
 * The cells a moving effect passes through, start first; null for an
 * effect that moves nothing.
 * @param {EffectState} fx
 * @returns {string[] | null}
 */
export function travel(fx) {
  if (fx.kind === 'move' || fx.kind === 'enter') return fx.path.length ? fx.path : null;
  if (fx.kind === 'push' || fx.kind === 'pull') return [fx.from, fx.to];
  return null;
}

/**
 * What each cell was told by the effects, in words (for the cells'
 * accessible names), and the classes each gets.
 * @param {EffectState[]} effects
 * @returns {{notes: Map<string, string[]>, marks: Map<string, Set<string>>}}
 */
export function cellNotes(effects) {
  /** @type {Map<string, string[]>} */
  const notes = new Map();
  /** @type {Map<string, Set<string>>} */
  const marks = new Map();
  /** @param {string} cell @param {string} text @param {...string} classes */
  const note = (cell, text, ...classes) => {
    if (text) notes.set(cell, [...(notes.get(cell) ?? []), text]);
    const set = marks.get(cell) ?? new Set();
    for (const c of classes) set.add(c);
    marks.set(cell, set);
  };
  for (const fx of effects) {
    switch (fx.kind) {
      case 'place':
        note(fx.at, t('web-fx-placed', { piece: pieceWords(fx, 'stone') }), 'fx-placed', 'fx-to');
        break;
      case 'move':
      case 'enter': {
        const piece = pieceWords(fx);
        if (fx.kind === 'move') note(fx.from, t('web-fx-left', { piece, to: fx.to }), 'fx-from');
        else if (fx.path.length > 1) note(fx.path[0], t('web-fx-entered-through', { piece }), 'fx-from');
        for (const cell of fx.path.slice(1, -1)) note(cell, t('web-fx-passed', { piece }), 'fx-path');
        if (fx.kind === 'move') note(fx.to, t('web-fx-moved-here', { piece, from: fx.from }), 'fx-moved', 'fx-to');
        else note(fx.to, t('web-fx-entered-here', { piece, home: fx.path[0] ?? '' }), 'fx-entered', 'fx-to');
        break;
      }
      case 'push':
      case 'pull': {
        const piece = pieceWords(fx, 'stone');
        const push = fx.kind === 'push';
        note(fx.from, t(push ? 'web-fx-pushed-away' : 'web-fx-pulled-away', { piece, to: fx.to }), 'fx-from');
        note(fx.to, t(push ? 'web-fx-pushed-here' : 'web-fx-pulled-here', { piece, from: fx.from }), push ? 'fx-pushed' : 'fx-pulled', 'fx-to');
        break;
      }
      case 'capture':
        note(fx.at, t('web-fx-captured', { piece: pieceWords(fx) }), 'fx-captured');
        break;
      case 'trapped':
        note(fx.at, t('web-fx-trapped', { piece: pieceWords(fx) }), 'fx-trapped');
        break;
      case 'promote':
        note(fx.at, t('web-fx-promoted', { rank: fx.rank }), 'fx-promoted');
        break;
      case 'remove':
        note(fx.at, t('web-fx-removed', { piece: pieceWords(fx) }), 'fx-removed');
        break;
      case 'claim':
        for (const cell of fx.cells) note(cell, t('web-fx-claimed', { color: colorName(fx.side) }), 'fx-claimed');
        break;
      case 'line':
        for (const cell of fx.cells) note(cell, t('web-fx-line', { color: colorName(fx.side) }));
        break;
    }
  }
  return { notes, marks };
}

/**
 * The point a fraction `t` (0 to 1) of the way along `points`, counting
 * every step between two cells as the same time.
 * @param {{x: number, y: number}[]} points
 * @param {number} t
 */
function along(points, t) {
  if (points.length === 1) return points[0];
  const steps = points.length - 1;
  const i = Math.min(steps - 1, Math.floor(t * steps));
  const f = t * steps - i;
  const a = points[i];
  const b = points[i + 1];
  return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f };
}

/**
 * The effects layer of a board: call `show` after every redraw of the
 * pieces (it is cheap, and only animates an action it has not shown yet).
 * @param {SVGSVGElement} svg the board
 */
export function effectLayer(svg) {
  const layer = s('g', { class: 'fx-layer', 'aria-hidden': 'true' });
  // Moving pieces are copies drawn over everything (a piece inside its
  // cell would pass under the cells drawn after it); the piece itself
  // waits, hidden, where it ended.
  const flying = s('g', { class: 'fx-flying', 'aria-hidden': 'true' });
  svg.append(layer, flying);
  /** @type {number | undefined} the ply shown last (undefined before the first update) */
  let seen;
  /** When the running animation started (performance.now()), or null. */
  /** @type {number | null} */
  let started = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;

  /** Ends the running animation: every piece stands where it ended. */
  function skip() {
    started = null;
    clearTimeout(timer);
    svg.classList.remove('fx-animating');
    flying.replaceChildren();
    for (const el of svg.querySelectorAll('.fx-held, .fx-pop')) {
      el.classList.remove('fx-held', 'fx-pop');
    }
  }
  // Any pointing at or key on the board skips the animation.
  svg.addEventListener('pointerdown', skip);
  svg.addEventListener('keydown', skip);

  /**
   * Draws the marks of `last` over `cells` (and clears those of any
   * earlier action); slides the moved pieces from where they were when
   * `animate` and the action is new since the last call.
   * @param {Map<string, Cell>} cells
   * @param {LastAction | undefined} last
   * @param {{animate?: boolean, badge?: number, reach?: number}} [options] `badge`: the badges' size, `reach`: a piece's radius (where an arrow stops), in board units
   */
  function show(cells, last, { animate = false, badge = 3.2, reach = 3.5 } = {}) {
    const effects = last?.effects ?? [];
    const ply = last?.ply ?? 0;
    const fresh = seen !== undefined && ply > seen;
    seen = ply;
    layer.replaceChildren();
    const { notes, marks } = cellNotes(effects);
    for (const cell of cells.values()) {
      cell.el.classList.remove(...CELL_CLASSES);
      const set = marks.get(cell.label);
      if (set) cell.el.classList.add(...set);
      const said = notes.get(cell.label);
      if (said) {
        const name = cell.hit.getAttribute('aria-label') ?? cell.label;
        cell.hit.setAttribute('aria-label', t('web-fx-cell', { cell: name, notes: said.join('; ') }));
      }
    }
    /** @type {Map<string, number>} badges already on a cell */
    const badges = new Map();
    /**
     * What the animation does, in the order the action did it: a piece
     * slides along `points`, or something appears (a drop, a badge).
     * @type {{el: Element, points?: Cell[]}[]}
     */
    const steps = [];
    for (const fx of effects) {
      const way = travel(fx);
      if (way) {
        const points = way.map((l) => cells.get(l)).filter((c) => c !== undefined);
        const to = points.at(-1);
        const el = to ? pieceOf(to, fx.kind === 'move' && fx.piece === 'magnet') : undefined;
        if (points.length >= 2) {
          layer.append(arrow(points, fx.kind, way, reach));
          if (el) steps.push({ el, points });
        } else if (el) {
          // Entered straight onto its home: it appears there.
          steps.push({ el });
        }
      } else if (fx.kind === 'place') {
        const cell = cells.get(fx.at);
        const el = cell ? pieceOf(cell, fx.piece === 'magnet') : undefined;
        if (el) steps.push({ el });
      } else if (fx.kind === 'capture' || fx.kind === 'trapped' || fx.kind === 'promote' || fx.kind === 'remove') {
        const cell = cells.get(fx.at);
        if (!cell) continue;
        const n = badges.get(fx.at) ?? 0;
        badges.set(fx.at, n + 1);
        const mark = badgeFor(fx, cell, n, badge);
        layer.append(mark);
        steps.push({ el: mark });
      } else if (fx.kind === 'claim') {
        for (const label of fx.cells) {
          const cell = cells.get(label);
          if (cell) layer.append(claimMark(cell, fx.side, badge));
        }
      }
    }

    // The animation, only for an action new since the last call, and only
    // while it runs (a redraw in the middle picks it up where it is).
    const wanted = animate && !reducedMotion();
    if (fresh) {
      skip();
      if (wanted && steps.length) started = performance.now();
    }
    flying.replaceChildren();
    if (started === null) return;
    if (!wanted) {
      skip();
      return;
    }
    const elapsed = performance.now() - started;
    /** @type {Set<Element>} a piece moved twice slides once, along its first path */
    const done = new Set();
    let n = 0;
    for (const step of steps) {
      if (done.has(step.el)) continue;
      done.add(step.el);
      const style = /** @type {SVGElement} */ (step.el).style;
      style.setProperty('--fx-delay', `${Math.round(n * STAGGER_MS - elapsed)}ms`);
      n += 1;
      if (step.points) {
        const to = /** @type {Cell} */ (step.points.at(-1));
        const copy = /** @type {SVGElement} */ (step.el.cloneNode(true));
        copy.classList.remove('fx-held', 'fx-pop');
        for (let k = 0; k < 4; k++) {
          const p = along(step.points, k / 4);
          copy.style.setProperty(`--fx-${k}`, `translate(${(p.x - to.x).toFixed(2)}px, ${(p.y - to.y).toFixed(2)}px)`);
        }
        copy.style.setProperty('--fx-delay', style.getPropertyValue('--fx-delay'));
        copy.classList.add('fx-slide');
        flying.append(copy);
        step.el.classList.add('fx-held');
      } else {
        step.el.classList.add('fx-pop');
      }
    }
    const length = Math.max(0, n - 1) * STAGGER_MS + SLIDE_MS;
    if (elapsed >= length) {
      skip();
      return;
    }
    svg.classList.add('fx-animating');
    clearTimeout(timer);
    timer = setTimeout(skip, length - elapsed + 50);
  }

  return {
    show,
    skip,
    /** Whether an animation runs now. */
    get animating() {
      return started !== null;
    },
  };
}

/**
 * The drawn piece on a cell: its magnet when `magnet`, else the piece
 * that is not a magnet.
 * @param {Cell} cell
 * @param {boolean} magnet
 * @returns {Element | undefined}
 */
function pieceOf(cell, magnet) {
  return [...cell.content.children].find((el) => el.classList.contains('magnet') === magnet);
}

/**
 * An arrow along the centres of `points` that leaves a ring where the
 * piece started and stops short of where it ended (not to hide it).
 * @param {Cell[]} points
 * @param {string} kind move, enter, push or pull
 * @param {string[]} labels the cells' names
 * @param {number} reach the radius of a piece
 */
function arrow(points, kind, labels, reach) {
  const first = points[0];
  const last = /** @type {Cell} */ (points.at(-1));
  const prev = points[points.length - 2];
  const len = Math.hypot(last.x - prev.x, last.y - prev.y) || 1;
  const ux = (last.x - prev.x) / len;
  const uy = (last.y - prev.y) / len;
  const head = Math.min(last.size * 0.36, len * 0.22);
  const stop = Math.min(reach + 0.2, len * 0.4);
  // The head's point touches the piece; the line ends at the head's base.
  const tipX = last.x - ux * (stop + head);
  const tipY = last.y - uy * (stop + head);
  const line = points.slice(0, -1).map((c) => `${c.x.toFixed(2)},${c.y.toFixed(2)}`);
  line.push(`${tipX.toFixed(2)},${tipY.toFixed(2)}`);
  return s(
    'g',
    { class: `fx-arrow fx-${kind}`, 'data-from': labels[0], 'data-to': labels.at(-1) ?? '', 'data-path': labels.join(' ') },
    s('circle', { class: 'fx-origin', cx: first.x, cy: first.y, r: first.size * 0.3 }),
    s('polyline', { class: 'fx-line', points: line.join(' ') }),
    s('polygon', {
      class: 'fx-head',
      points: [
        `${(tipX + ux * head).toFixed(2)},${(tipY + uy * head).toFixed(2)}`,
        `${(tipX - uy * head * 0.75).toFixed(2)},${(tipY + ux * head * 0.75).toFixed(2)}`,
        `${(tipX + uy * head * 0.75).toFixed(2)},${(tipY - ux * head * 0.75).toFixed(2)}`,
      ].join(' '),
    }),
  );
}

/**
 * A small badge in a corner of a cell (the `n`th on that cell): a circle
 * with × and the captured kind; a diamond with ✕ and the trap victim's
 * kind (or nothing, when it is secret); a square with ▲ and the new rank;
 * a circle with − for a piece removed.
 * @param {EffectState} fx
 * @param {Cell} cell
 * @param {number} n
 * @param {number} size
 */
function badgeFor(fx, cell, n, size) {
  const corners = [[1, -1], [-1, -1], [1, 1], [-1, 1]];
  const [cx, cy] = corners[n % 4];
  const x = cell.x + cx * cell.size * 0.62;
  const y = cell.y + cy * cell.size * 0.62;
  const r = size / 2;
  const kind = 'piece' in fx && fx.piece && fx.piece !== 'magnet' ? fx.piece : '';
  /** @type {SVGElement} */
  let shape;
  let text = '';
  if (fx.kind === 'capture') {
    shape = s('circle', { cx: x, cy: y, r });
    text = `×${kind}`;
  } else if (fx.kind === 'trapped') {
    shape = s('polygon', { points: `${x},${y - r * 1.15} ${x + r * 1.15},${y} ${x},${y + r * 1.15} ${x - r * 1.15},${y}` });
    text = `✕${kind}`;
  } else if (fx.kind === 'promote') {
    shape = s('rect', { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: r * 0.25 });
    text = `▲${fx.rank}`;
  } else {
    shape = s('circle', { cx: x, cy: y, r });
    text = '−';
  }
  const side = 'side' in fx && fx.side ? ` fx-side-${fx.side}` : '';
  return s(
    'g',
    { class: `fx-badge fx-badge-${fx.kind}${side}`, 'data-at': 'at' in fx ? fx.at : '', 'data-kind': kind },
    shape,
    s('text', { x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': text.length > 2 ? r * 0.95 : r * 1.2 }, text),
  );
}

/**
 * A cell claimed at the end (Magma's territory): a small square in the
 * colour, with its letter.
 * @param {Cell} cell
 * @param {string} side
 * @param {number} size
 */
function claimMark(cell, side, size) {
  const r = size * 0.4;
  return s(
    'g',
    { class: `fx-claim fx-side-${side}`, 'data-at': cell.label },
    s('rect', { x: cell.x - r, y: cell.y - r, width: 2 * r, height: 2 * r, rx: r * 0.3 }),
    s('text', { x: cell.x, y: cell.y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': r * 1.4 }, colorLetter(side)),
  );
}
