/** @file The Magnet board: the 91-vertex hexagonal lattice (lines drawn, centre marked, columns A–K and rows along the edges), red and blue pieces (one's own with their kinds, the opponent's with ranks only), captured pieces listed; the secret setup by swapping pieces, and a turn by clicking the magnet's vertex, then choosing among the orders and promotions the server offers. */

import { fill, h, s } from '../dom.js';
import { boardFrame, boardSvg, edgeLabel, hexCenter, hexagon, makeCell } from './svg.js';

/** @typedef {import('./svg.js').Cell} Cell */

/** The twelve pieces of a side (docs/rules/magnet.md). */
const MATERIAL = ['K', '2', '2', '2', 'T2', '3', '3', '3', 'T3', '4', '4', '4'];

/**
 * The label of axial vertex (q, r): column `A + q + 5`, row `r + 6 + min(q, 0)`.
 * @param {number} q
 * @param {number} r
 */
export function vertexLabel(q, r) {
  return `${String.fromCharCode(65 + q + 5)}${r + 6 + Math.min(q, 0)}`;
}

/**
 * The `board` JSON of a Magnet view (docs/protocol.md). A side the viewer
 * may see in full is `open` and its pieces carry `kind`; the other side's
 * pieces carry a vertex and a rank only. Generated from the protocol crate
 * (../wire.d.ts).
 * @typedef {import('../wire.js').MagnetPiece} MagnetPiece
 * @typedef {import('../wire.js').MagnetSide} MagnetSide
 * @typedef {import('../wire.js').MagnetBoard} MagnetBoard
 */

/**
 * A turn's parts: `F6 E5,G6 +F6,G5` → magnet F6, order [E5, G6], promotions [F6, G5].
 * @param {string} action
 */
export function readTurn(action) {
  const [moves, promote = ''] = action.split('+');
  const [magnet, ...order] = moves.trim().split(/[\s,]+/);
  return {
    magnet: magnet.toUpperCase(),
    order: order.filter(Boolean).map((v) => v.toUpperCase()),
    promote: promote.split(/[\s,]+/).filter(Boolean).map((v) => v.toUpperCase()),
  };
}

/** @returns {import('./index.js').Board} */
export function magnetBoard() {
  const unit = 10;
  const margin = 12;
  const coords = hexagon(5);
  // Flat rows of the lattice: pointy-topped layout turned so columns A–K run
  // left to right.
  const place = /** @param {number} q @param {number} r */ (q, r) => {
    const [x, y] = hexCenter(r, q, unit / Math.sqrt(3));
    return /** @type {[number, number]} */ ([y, x]);
  };
  const xs = coords.map(([q, r]) => place(q, r)[0]);
  const ys = coords.map(([q, r]) => place(q, r)[1]);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const width = Math.max(...xs) - minX + 2 * margin;
  const height = Math.max(...ys) - minY + 2 * margin;
  const at = /** @param {number} q @param {number} r */ (q, r) => {
    const [x, y] = place(q, r);
    return /** @type {[number, number]} */ ([x - minX + margin, height - (y - minY + margin)]);
  };
  const svg = boardSvg(width, height, 'Magnet board');
  const lines = s('g', { class: 'lattice' });
  const grid = s('g', { class: 'cells' });
  const edge = s('g');
  svg.append(lines, grid, edge);
  /** @type {Map<string, Cell>} */
  const cells = new Map();
  /** @type {Map<string, [number, number]>} */
  const axial = new Map();
  const onBoard = /** @param {number} q @param {number} r */ (q, r) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= 5;
  for (const [q, r] of coords) {
    const [x, y] = at(q, r);
    for (const [dq, dr] of [[1, 0], [0, 1], [1, -1]]) {
      if (!onBoard(q + dq, r + dr)) continue;
      const [x2, y2] = at(q + dq, r + dr);
      lines.append(s('line', { x1: x, y1: y, x2, y2 }));
    }
  }
  for (const [q, r] of coords) {
    const [x, y] = at(q, r);
    const label = vertexLabel(q, r);
    const cell = makeCell(label, s('circle', { cx: x, cy: y, r: unit * 0.45 }), x, y, unit / 2);
    if (q === 0 && r === 0) cell.el.classList.add('centre');
    cells.set(label, cell);
    axial.set(label, [q, r]);
    grid.append(cell.el);
  }
  // The centre: a six-pointed star under the vertex.
  const [cx, cy] = at(0, 0);
  const star = [];
  for (let i = 0; i < 12; i++) {
    const radius = i % 2 === 0 ? unit * 0.7 : unit * 0.35;
    const angle = (Math.PI / 6) * i - Math.PI / 2;
    star.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  lines.append(s('polygon', { class: 'centre-mark', points: star.join(' ') }));
  // Column letters under each column (and over the right half's), row
  // numbers at the left end of each row.
  for (let q = -5; q <= 5; q++) {
    const rMin = Math.max(-5, -q - 5);
    const rMax = Math.min(5, -q + 5);
    const [bx, by] = at(q, rMin);
    const [tx, ty] = at(q, rMax);
    edge.append(edgeLabel(bx, by + unit * 0.85, String.fromCharCode(65 + q + 5)));
    // On top only where no row number stands (the right half).
    if (q >= 0) edge.append(edgeLabel(tx, ty - unit * 0.85, String.fromCharCode(65 + q + 5)));
  }
  // Row numbers at the left end of each row (column A, then the upper-left
  // edge for rows 7 to 11).
  /** @type {Map<number, [number, number]>} */
  const rowStart = new Map();
  for (const [q, r] of coords) {
    const row = r + 6 + Math.min(q, 0);
    const known = rowStart.get(row);
    if (!known || q < known[0]) rowStart.set(row, [q, r]);
  }
  for (const [row, [q, r]] of rowStart) {
    const [x, y] = at(q, r);
    const [dx, dy] = row <= 6 ? [-0.9, 0] : [-0.7, -0.55];
    edge.append(edgeLabel(x + dx * unit, y + dy * unit, String(row)));
  }

  const controls = h('div', { class: 'magnet-controls' });
  const info = h('section', { class: 'captures', 'aria-label': 'Pieces off the board' });
  /** @type {{legal: string[], promotions: Record<string, string[]>, act: (a: string) => void, color: 'red' | 'blue' | null, board: MagnetBoard | null, mayAct: boolean}} */
  const now = { legal: [], promotions: {}, act: () => {}, color: null, board: null, mayAct: false };
  /** @type {string | null} the magnet vertex chosen */
  let chosen = null;
  /** @type {string[]} the setup being arranged (kinds by start vertex) */
  let arrangement = [];
  /** @type {number | null} */
  let swapFrom = null;
  let legalKey = '';

  const startVertices = /** @param {'red' | 'blue'} color */ (color) => now.board?.start[color] ?? [];

  /** @param {string} kind @param {number} rank */
  const pieceText = (kind, rank) => (rank > 1 ? `${kind}·${rank}` : kind);

  /**
   * @param {Cell} cell
   * @param {'red' | 'blue'} color
   * @param {string} text
   * @param {string} [extra]
   */
  function drawPiece(cell, color, text, extra = '') {
    const r = unit * 0.42;
    // Red pieces are round, blue ones square: shape as well as colour.
    const body =
      color === 'red'
        ? s('circle', { cx: cell.x, cy: cell.y, r })
        : s('rect', { x: cell.x - r * 0.9, y: cell.y - r * 0.9, width: r * 1.8, height: r * 1.8, rx: 1 });
    cell.content.append(
      s(
        'g',
        { class: `piece ${color} ${extra}` },
        body,
        s('text', { x: cell.x, y: cell.y, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': text.length > 2 ? r * 0.8 : r }, text),
      ),
    );
  }

  function turns() {
    return now.legal.filter((a) => !a.toLowerCase().startsWith('setup'));
  }

  function inSetup() {
    return now.board?.in_setup ?? false;
  }

  /** Whether the viewer is arranging its secret setup now. */
  function arranging() {
    return inSetup() && now.color !== null && now.mayAct && !now.board?.[now.color].set_up;
  }

  function mark() {
    const magnets = new Set(turns().map((a) => readTurn(a).magnet));
    const setupTargets = new Set(arranging() && now.color ? startVertices(now.color) : []);
    for (const cell of cells.values()) {
      const target = magnets.has(cell.label) || setupTargets.has(cell.label);
      const isChosen =
        cell.label === chosen ||
        (swapFrom !== null && now.color !== null && startVertices(now.color)[swapFrom] === cell.label);
      cell.el.classList.toggle('target', target && !setupTargets.has(cell.label));
      cell.el.classList.toggle('source', setupTargets.has(cell.label));
      cell.el.classList.toggle('chosen', isChosen);
      cell.el.classList.toggle('occupied', cell.content.childElementCount > 0);
      if (target || isChosen) {
        cell.el.setAttribute('tabindex', '0');
        cell.el.setAttribute('role', 'button');
      } else {
        cell.el.removeAttribute('tabindex');
        cell.el.removeAttribute('role');
      }
    }
  }

  /**
   * The chooser for the magnet on `chosen`: the orders the server offers
   * for it (when the order matters) and, for the chosen order, the
   * promotions it allows; plays the composed action.
   */
  function showChoice() {
    fill(controls);
    if (inSetup()) return showSetup();
    if (!chosen) return;
    const options = turns().filter((a) => readTurn(a).magnet === chosen);
    let offer = options[0];
    /** @type {Set<string>} */
    const promote = new Set();
    const orderBox = h('div', { class: 'row order' });
    const promoteBox = h('div', { class: 'row promote' });
    const playButton = h('button', { type: 'button', class: 'play', id: 'magnet-play' }, 'Play');
    /** The action to send: the offer, plus `+V,W` for the chosen promotions. */
    const action = () => {
      const list = (now.promotions[offer] ?? []).filter((v) => promote.has(v));
      return list.length ? `${offer} +${list.join(',')}` : offer;
    };
    const refresh = () => {
      const promotable = now.promotions[offer] ?? [];
      fill(promoteBox);
      if (promotable.length) {
        promoteBox.append(h('span', {}, 'Promote (by the vertex where the piece ends):'));
        for (const v of promotable) {
          const box = h('input', { type: 'checkbox', id: `promote-${v}`, checked: promote.has(v) });
          box.addEventListener('change', () => {
            if (box.checked) promote.add(v);
            else promote.delete(v);
            refresh();
          });
          promoteBox.append(h('label', { for: `promote-${v}` }, box, ` ${v}`));
        }
      }
      playButton.textContent = `Play ${action()}`;
      for (const cell of cells.values()) cell.el.classList.remove('pulled');
      const ordered = readTurn(offer).order;
      for (const v of ordered.length ? ordered : nearestOwn(/** @type {string} */ (chosen))) {
        cells.get(v)?.el.classList.add('pulled');
      }
    };
    if (options.length > 1) {
      orderBox.append(h('span', {}, 'Order of the pulls:'));
      for (const o of options) {
        const id = `order-${o.replace(/\W+/g, '-')}`;
        const radio = h('input', { type: 'radio', name: 'order', id, checked: o === offer });
        radio.addEventListener('change', () => {
          offer = o;
          promote.clear();
          refresh();
        });
        const order = readTurn(o).order;
        orderBox.append(h('label', { for: id }, radio, ` ${order.length ? order.join(' → ') : 'default'}`));
      }
    }
    playButton.addEventListener('click', () => now.act(action()));
    const ordered = readTurn(offer).order;
    const pulled = ordered.length ? ordered : nearestOwn(chosen);
    fill(
      controls,
      h('p', {}, `Magnet on ${chosen}.`, pulled.length ? ` It pulls ${[...pulled].sort().join(', ')} (marked).` : ''),
      orderBox,
      promoteBox,
      h('div', { class: 'row' }, playButton, h('button', { type: 'button', onclick: () => choose(null) }, 'Cancel')),
    );
    refresh();
  }

  function showSetup() {
    const color = now.color;
    if (!arranging() || !color) {
      fill(controls, h('p', { class: 'hint' }, 'Waiting for the setups (each side arranges its pieces in secret).'));
      return;
    }
    const vertices = startVertices(color);
    const text = `setup ${vertices.map((v, i) => `${v}:${arrangement[i]}`).join(' ')}`;
    fill(
      controls,
      h('p', {}, 'Arrange your pieces: click two of them to swap. Nobody else sees them.'),
      h(
        'div',
        { class: 'row' },
        h(
          'button',
          {
            type: 'button',
            onclick: () => {
              for (let i = arrangement.length - 1; i > 0; i--) {
                const j = Math.floor(Math.random() * (i + 1));
                [arrangement[i], arrangement[j]] = [arrangement[j], arrangement[i]];
              }
              draw();
            },
          },
          'Shuffle',
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'play',
            id: 'setup-done',
            onclick: () => {
              // Any arrangement of the twelve is a setup; the server checks.
              const listed = now.legal.find((a) => a.toLowerCase() === text.toLowerCase());
              now.act(listed ?? text);
            },
          },
          'Confirm setup',
        ),
      ),
    );
  }

  /**
   * A preview of what a magnet on `vertex` pulls: the nearest of the
   * viewer's pieces along each of the six lines. Only a hint for the eye;
   * what may be played comes from the server's list.
   * @param {string} vertex
   */
  function nearestOwn(vertex) {
    const start = axial.get(vertex);
    const color = now.color;
    if (!start || !color || !now.board) return [];
    const mine = new Set(now.board[color].pieces.map((p) => p.vertex));
    /** @type {string[]} */
    const found = [];
    for (const [dq, dr] of [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]]) {
      for (let q = start[0] + dq, r = start[1] + dr; onBoard(q, r); q += dq, r += dr) {
        const label = vertexLabel(q, r);
        if (mine.has(label)) {
          found.push(label);
          break;
        }
      }
    }
    return found;
  }

  /** @param {string | null} vertex */
  function choose(vertex) {
    chosen = vertex;
    for (const cell of cells.values()) cell.el.classList.remove('pulled');
    mark();
    showChoice();
  }

  /** @param {string} label */
  function point(label) {
    if (arranging() && now.color) {
      const i = startVertices(now.color).indexOf(label);
      if (i < 0) return;
      if (swapFrom === null) swapFrom = i;
      else {
        [arrangement[swapFrom], arrangement[i]] = [arrangement[i], arrangement[swapFrom]];
        swapFrom = null;
      }
      draw();
      return;
    }
    const options = turns().filter((a) => readTurn(a).magnet === label);
    if (options.length === 0) return choose(null);
    if (options.length === 1 && !(now.promotions[options[0]]?.length > 0)) {
      now.act(options[0]);
      return;
    }
    choose(label);
  }

  for (const cell of cells.values()) {
    cell.el.addEventListener('click', () => point(cell.label));
    cell.el.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        point(cell.label);
      } else if (event.key === 'Escape') choose(null);
    });
  }

  function draw() {
    const board = now.board;
    if (!board) return;
    for (const cell of cells.values()) {
      cell.content.replaceChildren();
      cell.el.setAttribute('aria-label', `${cell.label}, empty`);
    }
    for (const color of /** @type {const} */ (['red', 'blue'])) {
      for (const piece of board[color].pieces) {
        const cell = cells.get(piece.vertex);
        if (!cell) continue;
        const kind = piece.kind ?? null;
        const text = kind === null ? (piece.rank > 1 ? `?·${piece.rank}` : '?') : pieceText(kind, piece.rank);
        drawPiece(cell, color, text, kind === null ? 'hidden' : 'known');
        cell.el.setAttribute(
          'aria-label',
          `${piece.vertex}, ${color} ${kind === null ? 'piece' : kind === 'K' ? 'King' : kind}, rank ${piece.rank}`,
        );
      }
    }
    // The setup being arranged, drawn where it will stand.
    if (arranging() && now.color) {
      startVertices(now.color).forEach((v, i) => {
        const cell = cells.get(v);
        if (cell) drawPiece(cell, /** @type {'red' | 'blue'} */ (now.color), arrangement[i], 'arranging');
      });
    }
    mark();
    showChoice();
  }

  /**
   * What a side has lost: captured pieces by kind, and those destroyed by
   * traps (kinds only for one's own side).
   * @param {MagnetSide} side
   */
  function losses(side) {
    const captured = side.captured.length ? side.captured.join(', ') : 'nothing';
    const destroyed = Array.isArray(side.destroyed) ? side.destroyed.length : side.destroyed;
    const detail = Array.isArray(side.destroyed) && side.destroyed.length ? ` (${side.destroyed.join(', ')})` : '';
    return `captured ${captured}${destroyed ? `; ${destroyed} destroyed by traps${detail}` : ''}`;
  }

  return {
    element: boardFrame(svg, 'magnet'),
    controls,
    info,
    update({ state, play, legal, act }) {
      const board = /** @type {MagnetBoard} */ (play.board);
      now.board = board;
      now.color = state.you === 0 ? 'red' : state.you === 1 ? 'blue' : null;
      now.mayAct = state.you !== null && play.to_act.includes(state.you);
      now.promotions = play.promotions ?? {};
      now.act = act;
      const key = `${play.moves.length}|${legal.join('|')}`;
      if (key !== legalKey) {
        legalKey = key;
        chosen = null;
        swapFrom = null;
        if (arrangement.length === 0) arrangement = [...MATERIAL];
      }
      now.legal = legal;
      for (const cell of cells.values()) cell.el.classList.remove('pulled');
      for (const cell of cells.values()) cell.el.classList.toggle('centre', cell.label === board.centre);
      const last = play.moves.at(-1)?.action;
      const lastVertex = last && !last.toLowerCase().startsWith('setup') ? readTurn(last).magnet : null;
      for (const cell of cells.values()) cell.el.classList.toggle('last', cell.label === lastVertex);
      fill(
        info,
        h('h3', {}, 'Off the board'),
        h('p', {}, `Red: ${losses(board.red)}`),
        h('p', {}, `Blue: ${losses(board.blue)}`),
        h('p', { class: 'hint' }, 'Red pieces are round, blue ones square; “?·2” is a hidden piece of rank 2.'),
      );
      draw();
    },
  };
}
