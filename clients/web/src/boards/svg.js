/** @file Drawing shared by the boards: cells (squares, hexagons, lattice points) with highlight layers, square grids that turn to the viewer's side, hexagon geometry, arrow-key movement between cells, and the touch lens that shows a small board zoomed in (kept while one plays on a touch screen). */

import { h, s } from '../dom.js';
import { t } from '../i18n.js';
import { colorLetter } from '../words.js';

/**
 * A place on a board that can hold something and be pointed at: a square,
 * a hexagon or a lattice point.
 * @typedef {object} Cell
 * @property {string} label its name in the notation (`D4`, `g4`)
 * @property {SVGGElement} el the group: background, content, highlight marks
 * @property {SVGGElement} content where pieces are drawn (cleared each update)
 * @property {SVGElement} hit the background shape: what is focused, named and pressed (a button for assistive technology)
 * @property {number} x centre, in board units, as drawn now
 * @property {number} y
 * @property {number} size the cell's radius, for marks
 */

/**
 * Makes a cell: `shape` is its background; a dot (a move target on an
 * empty cell, under any piece), an outline (a piece that can move, a
 * target that holds a piece, or the current choice) and the last-move
 * mark are drawn when the cell's classes say so. Shapes, not only colours,
 * tell them apart. Every cell's background is a button for assistive
 * technology (disabled while it offers nothing; its name says what stands
 * there, and the letters drawn over it are not part of it) and takes part
 * in arrow-key movement.
 * @param {string} label
 * @param {SVGElement} shape
 * @param {number} x
 * @param {number} y
 * @param {number} size the cell's radius, for the marks
 * @returns {Cell}
 */
export function makeCell(label, shape, x, y, size) {
  shape.classList.add('bg');
  for (const [name, value] of Object.entries({ role: 'button', tabindex: '-1', 'aria-disabled': 'true', 'aria-label': label })) {
    shape.setAttribute(name, value);
  }
  const outline = plainCopy(shape, 'outline');
  const lastMark = plainCopy(shape, 'lastmark');
  const content = s('g', { class: 'content' });
  const el = s(
    'g',
    { class: 'cell', 'data-cell': label },
    shape,
    s('circle', { class: 'dot', cx: x, cy: y, r: size * 0.22 }),
    content,
    lastMark,
    outline,
  );
  return { label, el, content, hit: shape, x, y, size };
}

/**
 * A copy of a cell's shape for a mark drawn over it (no role, no name).
 * @param {SVGElement} shape
 * @param {string} className
 */
function plainCopy(shape, className) {
  const copy = /** @type {SVGElement} */ (shape.cloneNode());
  for (const name of ['role', 'tabindex', 'aria-disabled', 'aria-label']) copy.removeAttribute(name);
  copy.setAttribute('class', className);
  copy.setAttribute('aria-hidden', 'true');
  return copy;
}

/**
 * Says what stands on a cell, for assistive technology.
 * @param {Cell} cell
 * @param {string} text
 */
export function describeCell(cell, text) {
  cell.hit.setAttribute('aria-label', text);
}

/**
 * Marks a cell as offering something to the viewer now (or not).
 * @param {Cell} cell
 * @param {boolean} active
 */
export function setActive(cell, active) {
  cell.hit.setAttribute('aria-disabled', active ? 'false' : 'true');
}

/**
 * The SVG root of a board with its view box and an accessible name.
 * @param {number} width
 * @param {number} height
 * @param {string} name
 */
export function boardSvg(width, height, name) {
  return s('svg', {
    class: 'board',
    viewBox: `0 0 ${width} ${height}`,
    role: 'group',
    'aria-label': name,
    preserveAspectRatio: 'xMidYMid meet',
  });
}

/**
 * A text label (coordinates along the edges).
 * @param {number} x
 * @param {number} y
 * @param {string} text
 */
export function edgeLabel(x, y, text) {
  return s('text', { class: 'coord', x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'aria-hidden': 'true' }, text);
}

/**
 * How a square board is turned on screen: 0 is the usual picture (rank 1
 * at the bottom), 180 the opposite side's, 90 and 270 put rank 1 or the
 * last rank on the left (narrow screens, wide boards).
 * @typedef {0 | 90 | 180 | 270} Rotation
 */

/**
 * A rectangular board: files left to right, ranks 1 at the bottom, turned
 * by `turn(rotation)`. Coordinates are written inside the edge cells (the
 * board needs no margin, so its squares are as large as the screen allows).
 * @param {object} spec
 * @param {string[]} spec.files file letters, left to right
 * @param {number} spec.ranks how many ranks
 * @param {string} spec.name accessible name
 * @returns {{svg: SVGSVGElement, cells: Map<string, Cell>, unit: number, turn: (rotation: Rotation) => void}}
 */
export function squareBoard({ files, ranks, name }) {
  const unit = 10;
  const svg = boardSvg(files.length * unit, ranks * unit, name);
  /** @type {Map<string, Cell>} */
  const cells = new Map();
  const grid = s('g', { class: 'cells' });
  /** @type {{cell: Cell, f: number, r: number, shape: SVGRectElement, dot: SVGCircleElement, labels: SVGGElement}[]} */
  const placed = [];
  for (let r = ranks; r >= 1; r--) {
    for (let f = 0; f < files.length; f++) {
      const label = `${files[f]}${r}`;
      const shape = s('rect', { width: unit, height: unit });
      const cell = makeCell(label, shape, 0, 0, unit / 2);
      cell.el.classList.add((f + r) % 2 === 1 ? 'dark' : 'light');
      const labels = s('g', { class: 'coords', 'aria-hidden': 'true' });
      shape.after(labels);
      cells.set(label, cell);
      grid.append(cell.el);
      placed.push({ cell, f, r, shape, dot: /** @type {SVGCircleElement} */ (cell.el.querySelector('.dot')), labels });
    }
  }
  svg.append(grid);

  /** @param {Rotation} rotation */
  function turn(rotation) {
    const across = rotation % 180 === 0 ? files.length : ranks;
    const down = rotation % 180 === 0 ? ranks : files.length;
    svg.setAttribute('viewBox', `0 0 ${across * unit} ${down * unit}`);
    for (const { cell, f, r, shape, dot, labels } of placed) {
      const [col, row] =
        rotation === 0 ? [f, ranks - r] : rotation === 180 ? [files.length - 1 - f, r - 1] : rotation === 90 ? [r - 1, f] : [ranks - r, files.length - 1 - f];
      const x0 = col * unit;
      const y0 = row * unit;
      shape.setAttribute('x', String(x0));
      shape.setAttribute('y', String(y0));
      for (const mark of cell.el.querySelectorAll('rect.outline, rect.lastmark')) {
        mark.setAttribute('x', String(x0));
        mark.setAttribute('y', String(y0));
      }
      cell.x = x0 + unit / 2;
      cell.y = y0 + unit / 2;
      dot.setAttribute('cx', String(cell.x));
      dot.setAttribute('cy', String(cell.y));
      // The coordinate that changes along the bottom row, and the one that
      // changes down the left column, written in those cells' corners.
      labels.replaceChildren();
      const fileAlongRows = rotation % 180 === 0;
      if (row === down - 1) {
        labels.append(s('text', { class: 'coord', x: x0 + unit - 0.5, y: y0 + unit - 0.6, 'text-anchor': 'end' }, fileAlongRows ? files[f] : String(r)));
      }
      if (col === 0) {
        labels.append(s('text', { class: 'coord', x: x0 + 0.5, y: y0 + 2.5 }, fileAlongRows ? String(r) : files[f]));
      }
    }
  }
  turn(0);
  return { svg, cells, unit, turn };
}

/**
 * The centre of axial hex (q, r) for pointy-topped hexagons of circumradius
 * `size`, with r growing downwards-right and q to the right.
 * @param {number} q
 * @param {number} r
 * @param {number} size
 * @returns {[number, number]}
 */
export function hexCenter(q, r, size) {
  return [size * Math.sqrt(3) * (q + r / 2), size * 1.5 * r];
}

/**
 * The points of a pointy-topped hexagon.
 * @param {number} x
 * @param {number} y
 * @param {number} size
 */
export function hexPoints(x, y, size) {
  const points = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(x + size * Math.cos(angle)).toFixed(2)},${(y + size * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(' ');
}

/**
 * Every axial coordinate of a hexagon of the given radius (5 gives 91).
 * @param {number} radius
 * @returns {[number, number][]}
 */
export function hexagon(radius) {
  /** @type {[number, number][]} */
  const all = [];
  for (let q = -radius; q <= radius; q++) {
    for (let r = Math.max(-radius, -q - radius); r <= Math.min(radius, -q + radius); r++) all.push([q, r]);
  }
  return all;
}

/**
 * A round piece (stone) with a letter on it, so that sides differ by more
 * than colour.
 * @param {Cell} cell
 * @param {number} radius
 * @param {string} className e.g. `stone white`
 * @param {string} letter
 */
export function stone(cell, radius, className, letter) {
  return s(
    'g',
    { class: className },
    s('circle', { cx: cell.x, cy: cell.y, r: radius }),
    letter ? s('text', { x: cell.x, y: cell.y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': radius }, letter) : null,
  );
}

/**
 * Clears every cell and names it empty, then draws the white and black
 * stones of `stones` (squares by side) with radius `radius`, naming each
 * cell with the message `words` (given `cell` and `side`).
 * @param {Map<string, Cell>} cells
 * @param {import('../wire.js').WhiteBlack<Array<string>>} stones
 * @param {number} radius
 * @param {string} words
 */
export function placeStones(cells, stones, radius, words) {
  for (const cell of cells.values()) {
    cell.content.replaceChildren();
    describeCell(cell, t('web-cell-empty', { cell: cell.label }));
  }
  for (const color of /** @type {const} */ (['white', 'black'])) {
    for (const square of stones[color]) {
      const cell = cells.get(square);
      if (!cell) continue;
      cell.content.append(stone(cell, radius, `stone ${color}`, colorLetter(color)));
      describeCell(cell, t(words, { cell: square, side: color }));
    }
  }
}

/**
 * Draws a thick line through the centres of each of `lines` (winning
 * lines) in `layer`, and marks their cells `win`.
 * @param {SVGGElement} layer
 * @param {Map<string, Cell>} cells
 * @param {string[][]} lines
 */
export function markWin(layer, cells, lines) {
  layer.replaceChildren();
  const all = new Set(lines.flat());
  for (const cell of cells.values()) cell.el.classList.toggle('win', all.has(cell.label));
  for (const labels of lines) {
    const points = labels.map((l) => cells.get(l)).filter((c) => c !== undefined);
    if (points.length < 2) continue;
    layer.append(s('polyline', { class: 'win-line', points: points.map((c) => `${c.x.toFixed(2)},${c.y.toFixed(2)}`).join(' ') }));
  }
}

/**
 * Wraps a board's SVG in the element the room page shows.
 * @param {SVGSVGElement} svg
 * @param {string} game
 */
export function boardFrame(svg, game) {
  return h('div', { class: `board-frame board-${game}` }, svg);
}

/**
 * Arrow keys move the focus between cells by where they are drawn (any
 * grid, turned or not); the board is one stop of the Tab key, the cell
 * focused last.
 * @param {SVGSVGElement} svg
 * @param {() => Iterable<Cell>} cells the board's cells now
 */
export function arrowKeys(svg, cells) {
  /** @param {Element} el */
  function rove(el) {
    for (const cell of cells()) cell.hit.setAttribute('tabindex', cell.hit === el ? '0' : '-1');
  }
  svg.addEventListener('focusin', (event) => {
    const target = /** @type {Element} */ (event.target);
    if (target.classList?.contains('bg')) rove(target);
  });
  // A pointed cell takes the focus (before the cell acts, which may move
  // the focus on, to a confirmation), so the arrow keys go on from there.
  svg.addEventListener(
    'click',
    (event) => {
      const target = /** @type {Element} */ (event.target);
      const cell = [...cells()].find((c) => c.el.contains(target));
      if (cell && document.activeElement !== cell.hit) {
        rove(cell.hit);
        cell.hit.focus({ preventScroll: true });
      }
    },
    true,
  );
  svg.addEventListener('keydown', (event) => {
    const steps = /** @type {Record<string, [number, number]>} */ ({
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
    });
    const step = steps[event.key];
    const all = [...cells()];
    const from = all.find((c) => c.hit === event.target);
    if (!step || !from) return;
    event.preventDefault();
    let best = null;
    let bestScore = Infinity;
    for (const cell of all) {
      const dx = cell.x - from.x;
      const dy = cell.y - from.y;
      const along = dx * step[0] + dy * step[1];
      const across = Math.abs(dx * step[1] - dy * step[0]);
      // Ahead, and more ahead than aside (a hexagonal neighbour leans by 30°).
      if (along <= 0.01 || across > along * 1.2) continue;
      const score = along + 2 * across;
      if (score < bestScore) {
        bestScore = score;
        best = cell;
      }
    }
    if (best) {
      rove(best.hit);
      best.hit.focus();
    }
  });
  /** Makes the Tab key land on `label` (a cell that offers something). */
  return {
    /** @param {Cell | undefined} cell */
    home(cell) {
      const all = [...cells()];
      if (all.some((c) => c.hit === document.activeElement)) return;
      const current = all.find((c) => c.hit.getAttribute('tabindex') === '0');
      if (cell && (!current || current.hit.getAttribute('aria-disabled') === 'true')) rove(cell.hit);
      else if (!current && all[0]) rove(all[0].hit);
    },
  };
}

/** The smallest tap target, in CSS pixels, a cell may have on a touch screen. */
export const MIN_TARGET_PX = 44;

/** Whether the page is mainly touched (a phone or a tablet). */
const touched = () => matchMedia('(pointer: coarse)').matches;

/**
 * On a screen too narrow for the board's cells to be large enough to tap,
 * the board is shown zoomed in. On a touch screen the zoomed view stays
 * while one plays: each turn it shows the cells one may pick (moved only
 * when none of them is in view), so a pick is one tap; "Whole board" shows
 * all of it until the next tap, which zooms in where it lands. With a
 * mouse, the first tap zooms in and a played move zooms out again. A drag
 * pans the zoomed view.
 * @param {HTMLElement} frame the board's frame
 * @param {SVGSVGElement} svg
 * @param {number} pitch the distance between neighbouring cells, in board units
 */
export function touchLens(frame, svg, pitch) {
  const out = h('button', { type: 'button', class: 'lens-out', hidden: true }, t('web-board-whole'));
  frame.append(out);
  /** @type {number[] | null} */
  let zoom = null;
  /** The player asked to see the whole board (until its next tap on it). */
  let overview = false;
  /** @type {{x: number, y: number}[]} the cells offered now, to keep in view */
  let offered = [];
  /** @type {{x: number, y: number, box: number[], moved: boolean} | null} */
  let drag = null;
  let swallowClick = false;

  const base = () => {
    const saved = svg.dataset.base;
    return (saved ?? svg.getAttribute('viewBox') ?? '0 0 1 1').split(/\s+/).map(Number);
  };
  const pitchPx = () => {
    const [, , w] = base();
    return (svg.getBoundingClientRect().width * pitch) / w;
  };
  const needed = () => pitchPx() > 0 && pitchPx() < MIN_TARGET_PX;

  /** @param {number[]} box */
  function show(box) {
    // The whole board's box, kept to go back to.
    svg.dataset.base = base().join(' ');
    zoom = box;
    svg.setAttribute('viewBox', box.map((v) => v.toFixed(2)).join(' '));
    svg.classList.add('zoomed');
    out.hidden = false;
  }

  function reset() {
    if (!zoom) return;
    zoom = null;
    svg.setAttribute('viewBox', base().join(' '));
    svg.classList.remove('zoomed');
    out.hidden = true;
  }

  /** The zoomed window's width and height, in board units. */
  function windowSize() {
    const [, , bw, bh] = base();
    const factor = Math.min(3, Math.max(1.6, (MIN_TARGET_PX + 8) / pitchPx()));
    return [bw / factor, bh / factor];
  }

  /**
   * The window of `size` centred on (cx, cy) as far as the board allows.
   * @param {number} cx
   * @param {number} cy
   * @param {number[]} size
   */
  function windowAt(cx, cy, [w, hgt]) {
    const [bx, by, bw, bh] = base();
    return [Math.min(Math.max(cx - w / 2, bx), bx + bw - w), Math.min(Math.max(cy - hgt / 2, by), by + bh - hgt), w, hgt];
  }

  /**
   * @param {number} cx
   * @param {number} cy
   * @param {number[]} [size] the window's width and height
   */
  function zoomAt(cx, cy, size) {
    show(windowAt(cx, cy, size ?? windowSize()));
  }

  /**
   * Whether the whole cell at `p` is inside the window `box`.
   * @param {{x: number, y: number}} p
   * @param {number[]} box
   */
  const within = (p, [x, y, w, hgt]) =>
    p.x - pitch / 2 >= x && p.x + pitch / 2 <= x + w && p.y - pitch / 2 >= y && p.y + pitch / 2 <= y + hgt;

  /**
   * On a touch screen, zooms in on the offered cells unless one of them is
   * in view already: the window, centred on one of them, that shows most.
   */
  function keepInView() {
    if (overview || offered.length === 0 || !touched() || !needed()) return;
    if (zoom && offered.some((p) => within(p, /** @type {number[]} */ (zoom)))) return;
    const size = windowSize();
    let best = windowAt(offered[0].x, offered[0].y, size);
    let most = -1;
    for (const p of offered) {
      const box = windowAt(p.x, p.y, size);
      const count = offered.filter((q) => within(q, box)).length;
      if (count > most) {
        most = count;
        best = box;
      }
    }
    show(best);
  }

  /** @param {MouseEvent | PointerEvent} event the board point under the pointer */
  function boardPoint(event) {
    const box = zoom ?? base();
    const rect = svg.getBoundingClientRect();
    // xMidYMid meet: the same scale both ways, centred.
    const scale = Math.min(rect.width / box[2], rect.height / box[3]);
    const x = box[0] + (event.clientX - rect.left - (rect.width - box[2] * scale) / 2) / scale;
    const y = box[1] + (event.clientY - rect.top - (rect.height - box[3] * scale) / 2) / scale;
    return { x, y, scale };
  }

  svg.addEventListener(
    'click',
    (event) => {
      if (swallowClick) {
        swallowClick = false;
        event.stopPropagation();
        event.preventDefault();
        return;
      }
      if (zoom || !needed() || event.detail === 0) return;
      // A keyboard "click" (detail 0) picks at once; a tap zooms first.
      svg.dataset.base = base().join(' ');
      const { x, y } = boardPoint(event);
      overview = false;
      zoomAt(x, y);
      // Counted, so tests (and curious people) can tell a zoom from a pick.
      svg.dataset.zooms = String(Number(svg.dataset.zooms ?? 0) + 1);
      event.stopPropagation();
      event.preventDefault();
    },
    true,
  );
  svg.addEventListener('pointerdown', (event) => {
    if (!zoom) return;
    drag = { x: event.clientX, y: event.clientY, box: [...zoom], moved: false };
  });
  svg.addEventListener('pointermove', (event) => {
    if (!drag || !zoom) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 10) return;
    drag.moved = true;
    const { scale } = boardPoint(event);
    const [x, y, w, hgt] = drag.box;
    zoomAt(x + w / 2 - dx / scale, y + hgt / 2 - dy / scale, [w, hgt]);
  });
  const endDrag = () => {
    if (drag?.moved) swallowClick = true;
    drag = null;
  };
  svg.addEventListener('pointerup', endDrag);
  svg.addEventListener('pointercancel', () => {
    drag = null;
  });
  // A cell reached by the arrow keys outside the zoomed view: the view follows it.
  svg.addEventListener('focusin', (event) => {
    const target = event.target;
    if (!zoom || !(target instanceof SVGGraphicsElement) || !target.classList.contains('bg')) return;
    const box = target.getBBox();
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    if (!within(centre, zoom)) zoomAt(centre.x, centre.y, [zoom[2], zoom[3]]);
  });
  out.addEventListener('click', () => {
    overview = true;
    reset();
  });

  return {
    reset,
    /**
     * The cells offered to the viewer now (none while it waits): on a
     * touch screen the zoomed view shows at least one of them.
     * @param {{x: number, y: number}[]} cells
     */
    follow(cells) {
      offered = cells.map(({ x, y }) => ({ x, y }));
      // Before the board is laid out its size is unknown: the next frame.
      if (svg.getBoundingClientRect().width > 0) keepInView();
      else requestAnimationFrame(keepInView);
    },
    /** A move was played: with a mouse the whole board shows again; a touch screen's view stays. */
    moved() {
      if (!touched()) reset();
    },
    /** The board's whole view box changed (a new layout). @param {string} viewBox */
    setBase(viewBox) {
      svg.dataset.base = viewBox;
      if (!zoom) svg.setAttribute('viewBox', viewBox);
      else reset();
    },
    /** Whether the lens is zoomed in now. */
    get zoomed() {
      return zoom !== null;
    },
  };
}
