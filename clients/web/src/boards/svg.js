/** @file Drawing shared by the boards: clickable, focusable cells with highlight layers, square grids and hexagon geometry, coordinates along the edges. */

import { h, s } from '../dom.js';

/**
 * A place on a board that can hold something and be pointed at: a square,
 * a hexagon or a lattice point.
 * @typedef {object} Cell
 * @property {string} label its name in the notation (`D4`, `g4`)
 * @property {SVGGElement} el the group: background, content, highlight marks
 * @property {SVGGElement} content where pieces are drawn (cleared each update)
 * @property {number} x centre, in board units
 * @property {number} y
 */

/**
 * Makes a cell: `shape` is its background; a dot (a move target on an
 * empty cell, under any piece), and an outline (a piece that can move, a
 * target that holds a piece, or the current choice) are drawn when the
 * cell's classes say so. Shapes, not only colours, tell them apart.
 * @param {string} label
 * @param {SVGElement} shape
 * @param {number} x
 * @param {number} y
 * @param {number} size the cell's radius, for the marks
 * @returns {Cell}
 */
export function makeCell(label, shape, x, y, size) {
  shape.classList.add('bg');
  const outline = /** @type {SVGElement} */ (shape.cloneNode());
  outline.setAttribute('class', 'outline');
  const content = s('g', { class: 'content' });
  const el = s(
    'g',
    { class: 'cell', 'data-cell': label },
    shape,
    s('circle', { class: 'dot', cx: x, cy: y, r: size * 0.22 }),
    content,
    outline,
  );
  return { label, el, content, x, y };
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
  return s('text', { class: 'coord', x, y, 'text-anchor': 'middle', 'dominant-baseline': 'central' }, text);
}

/**
 * A rectangular board: files left to right, ranks 1 at the bottom; the
 * notation labels along all four edges.
 * @param {object} spec
 * @param {string[]} spec.files file letters, left to right
 * @param {number} spec.ranks how many ranks
 * @param {string} spec.name accessible name
 * @returns {{svg: SVGSVGElement, cells: Map<string, Cell>, unit: number}}
 */
export function squareBoard({ files, ranks, name }) {
  const unit = 10;
  const margin = 7;
  const width = files.length * unit + 2 * margin;
  const height = ranks * unit + 2 * margin;
  const svg = boardSvg(width, height, name);
  /** @type {Map<string, Cell>} */
  const cells = new Map();
  const grid = s('g', { class: 'cells' });
  for (let r = ranks; r >= 1; r--) {
    for (let f = 0; f < files.length; f++) {
      const label = `${files[f]}${r}`;
      const x0 = margin + f * unit;
      const y0 = margin + (ranks - r) * unit;
      const shape = s('rect', { x: x0, y: y0, width: unit, height: unit });
      const cell = makeCell(label, shape, x0 + unit / 2, y0 + unit / 2, unit / 2);
      cell.el.classList.add((f + r) % 2 === 1 ? 'dark' : 'light');
      cells.set(label, cell);
      grid.append(cell.el);
    }
  }
  svg.append(grid);
  for (let f = 0; f < files.length; f++) {
    const x = margin + f * unit + unit / 2;
    svg.append(edgeLabel(x, margin / 2, files[f]), edgeLabel(x, height - margin / 2, files[f]));
  }
  for (let r = 1; r <= ranks; r++) {
    const y = margin + (ranks - r) * unit + unit / 2;
    svg.append(edgeLabel(margin / 2, y, String(r)), edgeLabel(width - margin / 2, y, String(r)));
  }
  return { svg, cells, unit };
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
 * Wraps a board's SVG in the element the room page shows.
 * @param {SVGSVGElement} svg
 * @param {string} game
 */
export function boardFrame(svg, game) {
  return h('div', { class: `board-frame board-${game}` }, svg);
}
