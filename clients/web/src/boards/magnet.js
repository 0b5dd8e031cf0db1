/** @file The Magnet board: the 91-vertex hexagonal lattice (lines drawn, centre marked, columns A–K and rows along the edges), red and blue pieces (one's own with their kinds, the opponent's with ranks only), captured pieces listed; the secret setup by swapping pieces, and a turn by clicking the magnet's vertex, then choosing among the orders and promotions the server offers; what the last turn did (the magnet, each piece's path, captures with the kinds they revealed, trap victims, promotions) marked until the next one. */

import { fill, h, s } from '../dom.js';
import { arrowKeys, boardFrame, boardSvg, describeCell, edgeLabel, hexCenter, hexagon, makeCell, markWin, setActive, touchLens } from './svg.js';
import { effectLayer, pieceKind } from './effects.js';
import { t } from '../i18n.js';
import { colorName } from '../words.js';

/** @typedef {import('./svg.js').Cell} Cell */

/** The twelve pieces of a side (docs/rules/magnet.md). */
const MATERIAL = ['K', '2', '2', '2', 'T2', '3', '3', '3', 'T3', '4', '4', '4'];

/** The six lines from a vertex, in the order a turn's default order follows (docs/rules/magnet.md). */
const DIRECTIONS = /** @type {const} */ ([[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]]);

/**
 * A piece's kind as the catalogue's messages choose by it: `{kind: 'king'}`,
 * `{kind: 'trap', value: '2'}`, `{kind: 'value', value: '3'}`.
 * @param {string} kind
 */
export function kindArgs(kind) {
  return pieceKind({ piece: kind }, 'value');
}

/** Words for a piece's kind (`King`, `trap 2`, `3`). @param {string} kind */
export function kindName(kind) {
  return t('web-magnet-kind', kindArgs(kind));
}

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
  const raw = /** @param {number} q @param {number} r */ (q, r) => {
    const [x, y] = place(q, r);
    return /** @type {[number, number]} */ ([x - minX + margin, height - (y - minY + margin)]);
  };
  // Red's start is at the top: a red viewer sees the board half a turn round.
  let flipped = false;
  const flip = /** @param {[number, number]} p */ ([x, y]) => /** @type {[number, number]} */ (flipped ? [width - x, height - y] : [x, y]);
  const at = /** @param {number} q @param {number} r */ (q, r) => flip(raw(q, r));
  const svg = boardSvg(width, height, t('web-board-magnet'));
  const lines = s('g', { class: 'lattice', 'aria-hidden': 'true' });
  const grid = s('g', { class: 'cells' });
  const edge = s('g', { 'aria-hidden': 'true' });
  const winLayer = s('g', { class: 'win-layer', 'aria-hidden': 'true' });
  svg.append(lines, grid, edge, winLayer);
  const fx = effectLayer(svg);
  /** @type {Map<string, Cell>} */
  const cells = new Map();
  /** @type {Map<string, [number, number]>} */
  const axial = new Map();
  const onBoard = /** @param {number} q @param {number} r */ (q, r) => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= 5;
  for (const [q, r] of coords) {
    const label = vertexLabel(q, r);
    const cell = makeCell(label, s('circle', { r: unit * 0.45 }), 0, 0, unit / 2);
    if (q === 0 && r === 0) cell.el.classList.add('centre');
    cells.set(label, cell);
    axial.set(label, [q, r]);
    grid.append(cell.el);
  }

  /** Places the lattice, the vertices and the labels (again after a flip). */
  function layout() {
    lines.replaceChildren();
    edge.replaceChildren();
    for (const [q, r] of coords) {
      const [x, y] = at(q, r);
      for (const [dq, dr] of [[1, 0], [0, 1], [1, -1]]) {
        if (!onBoard(q + dq, r + dr)) continue;
        const [x2, y2] = at(q + dq, r + dr);
        lines.append(s('line', { x1: x, y1: y, x2, y2 }));
      }
      const cell = /** @type {Cell} */ (cells.get(vertexLabel(q, r)));
      cell.x = x;
      cell.y = y;
      for (const circle of cell.el.querySelectorAll('circle')) {
        circle.setAttribute('cx', String(x));
        circle.setAttribute('cy', String(y));
      }
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
    /** @param {[number, number]} p @param {string} text */
    const label = ([x, y], text) => edge.append(edgeLabel(...flip([x, y]), text));
    // Column letters under each column (and over the right half's), row
    // numbers at the left end of each row.
    for (let q = -5; q <= 5; q++) {
      const [bx, by] = raw(q, Math.max(-5, -q - 5));
      const [tx, ty] = raw(q, Math.min(5, -q + 5));
      label([bx, by + unit * 0.85], String.fromCharCode(65 + q + 5));
      // On top only where no row number stands (the right half).
      if (q >= 0) label([tx, ty - unit * 0.85], String.fromCharCode(65 + q + 5));
    }
    /** @type {Map<number, [number, number]>} */
    const rowStart = new Map();
    for (const [q, r] of coords) {
      const row = r + 6 + Math.min(q, 0);
      const known = rowStart.get(row);
      if (!known || q < known[0]) rowStart.set(row, [q, r]);
    }
    for (const [row, [q, r]] of rowStart) {
      const [x, y] = raw(q, r);
      const [dx, dy] = row <= 6 ? [-0.9, 0] : [-0.7, -0.55];
      label([x + dx * unit, y + dy * unit], String(row));
    }
  }
  layout();
  const frame = boardFrame(svg, 'magnet');
  const lens = touchLens(frame, svg, unit);
  const keys = arrowKeys(svg, () => cells.values());

  const controls = h('div', { class: 'magnet-controls' });
  const info = h('section', { class: 'captures', 'aria-label': t('web-magnet-off-label') });
  /** @type {{legal: string[], promotions: Record<string, string[]>, act: (a: string, how?: import('./index.js').How) => void, color: 'red' | 'blue' | null, board: MagnetBoard | null, mayAct: boolean, room: string, last: import('../wire.js').LastAction | undefined, animate: boolean}} */
  const now = { legal: [], promotions: {}, act: () => {}, color: null, board: null, mayAct: false, room: '', last: undefined, animate: false };
  /** @type {string | null} the magnet vertex chosen */
  let chosen = null;
  /** @type {string[]} the setup being arranged (kinds by start vertex) */
  let arrangement = [];
  /** @type {number | null} */
  let swapFrom = null;
  let legalKey = '';

  const startVertices = /** @param {'red' | 'blue'} color */ (color) => now.board?.start[color] ?? [];

  /**
   * A piece: its kind (`?` when hidden) and, under it, one dot per rank
   * (how many steps it moves). Red pieces are round, blue ones square.
   * @param {Cell} cell
   * @param {'red' | 'blue'} color
   * @param {string} kind
   * @param {number} rank
   * @param {string} [extra]
   */
  function drawPiece(cell, color, kind, rank, extra = '') {
    const r = unit * 0.42;
    const body =
      color === 'red'
        ? s('circle', { cx: cell.x, cy: cell.y, r })
        : s('rect', { x: cell.x - r * 0.9, y: cell.y - r * 0.9, width: r * 1.8, height: r * 1.8, rx: 1 });
    const pips = s('g', { class: 'pips' });
    for (let i = 0; i < rank; i++) {
      pips.append(s('circle', { cx: cell.x + (i - (rank - 1) / 2) * 1.5, cy: cell.y + r * 0.62, r: 0.55 }));
    }
    cell.content.append(
      s(
        'g',
        { class: `piece ${color} ${extra}` },
        body,
        s('text', { x: cell.x, y: cell.y - r * 0.12, 'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-size': kind.length > 1 ? r * 0.8 : r }, kind),
        rank > 1 ? pips : null,
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

  /** Where this browser keeps an arrangement until it is confirmed. */
  const setupKey = () => `lodestone.magnet-setup.${now.room}.${now.color}`;

  /** The kept arrangement, if it is one of the twelve pieces. @returns {string[] | null} */
  function keptArrangement() {
    try {
      const kept = JSON.parse(localStorage.getItem(setupKey()) ?? 'null');
      const same = Array.isArray(kept) && [...kept].sort().join() === [...MATERIAL].sort().join();
      return same ? kept : null;
    } catch {
      return null;
    }
  }

  function keepArrangement() {
    localStorage.setItem(setupKey(), JSON.stringify(arrangement));
  }

  function mark() {
    const magnets = new Set(turns().map((a) => readTurn(a).magnet));
    const setupTargets = new Set(arranging() && now.color ? startVertices(now.color) : []);
    /** @type {Cell | undefined} */
    let first;
    /** @type {Cell[]} */
    const offered = [];
    for (const cell of cells.values()) {
      const target = magnets.has(cell.label);
      const swap = setupTargets.has(cell.label);
      const isChosen =
        cell.label === chosen ||
        (swapFrom !== null && now.color !== null && startVertices(now.color)[swapFrom] === cell.label);
      cell.el.classList.toggle('target', target);
      cell.el.classList.toggle('source', swap);
      cell.el.classList.toggle('chosen', isChosen);
      cell.el.classList.toggle('occupied', cell.content.childElementCount > 0);
      setActive(cell, target || swap || isChosen);
      if (!first && (target || swap)) first = cell;
      if (target || swap) offered.push(cell);
    }
    keys.home(first);
    lens.follow(offered);
  }

  /**
   * What the mover can foresee of a turn: each piece of `order` steps
   * toward the magnet up to its rank, stopping on the magnet's vertex or
   * before one of its own pieces, as if every enemy piece were an
   * ordinary one. Only for showing the choice in words; what may be
   * played comes from the server's list.
   * @param {string} magnet
   * @param {string[]} order starting vertices, in the order they move
   * @returns {{from: string, to: string, kind: string, rank: number}[]}
   */
  function foresee(magnet, order) {
    const color = now.color;
    const m = axial.get(magnet);
    if (!color || !now.board || !m) return [];
    /** @type {Map<string, MagnetPiece>} */
    const mine = new Map(now.board[color].pieces.map((p) => [p.vertex, p]));
    return order.map((from) => {
      const piece = mine.get(from);
      const start = axial.get(from);
      if (!piece || !start) return { from, to: from, kind: '?', rank: 0 };
      const dq = Math.sign(m[0] - start[0]);
      const dr = Math.sign(m[1] - start[1]);
      let [q, r] = start;
      for (let step = 0; step < piece.rank; step++) {
        const next = vertexLabel(q + dq, r + dr);
        if (mine.has(next)) break;
        [q, r] = [q + dq, r + dr];
        if (next === magnet) break;
      }
      const to = vertexLabel(q, r);
      mine.delete(from);
      mine.set(to, piece);
      return { from, to, kind: piece.kind ?? '?', rank: piece.rank };
    });
  }

  /**
   * The chooser for the magnet on `chosen`: the orders the server offers
   * for it (when the order matters) and, for the chosen order, the
   * promotions it allows, each said in words; plays the composed action.
   */
  function showChoice() {
    fill(controls);
    if (inSetup()) return showSetup();
    if (!chosen) return;
    const magnet = chosen;
    const options = turns().filter((a) => readTurn(a).magnet === magnet);
    let offer = options[0];
    /** @type {Set<string>} */
    const promote = new Set();
    const orderBox = h('fieldset', { class: 'order' });
    const promoteBox = h('fieldset', { class: 'promote' });
    const summary = h('p', { class: 'turn-summary' });
    const playButton = h('button', { type: 'button', class: 'play', id: 'magnet-play' }, t('web-room-play'));
    /** The action to send: the offer, plus `+V,W` for the chosen promotions. */
    const action = () => {
      const list = (now.promotions[offer] ?? []).filter((v) => promote.has(v));
      return list.length ? `${offer} +${list.join(',')}` : offer;
    };
    /** The pieces of an offer in the order they move. @param {string} o */
    const orderOf = (o) => {
      const written = readTurn(o).order;
      return written.length ? written : affected(magnet);
    };
    /** @param {{from: string, to: string, kind: string}} m */
    const moveWords = (m) => t(m.to === m.from ? 'web-magnet-your-stays' : 'web-magnet-your-move', { ...kindArgs(m.kind), from: m.from, to: m.to });
    /** The moves in words, in their order. @param {{from: string, to: string, kind: string}[]} moves */
    const sequence = (moves) => moves.map(moveWords).reduce((before, after) => t('web-magnet-then', { before, after }));
    const refresh = () => {
      const moves = foresee(magnet, orderOf(offer));
      const promotable = now.promotions[offer] ?? [];
      fill(promoteBox);
      if (promotable.length) {
        promoteBox.append(h('legend', {}, t('web-magnet-promote')));
        for (const v of promotable) {
          const m = moves.find((x) => x.to === v) ?? moves.find((x) => x.from === v);
          const box = h('input', { type: 'checkbox', id: `promote-${v}`, checked: promote.has(v) });
          box.addEventListener('change', () => {
            if (box.checked) promote.add(v);
            else promote.delete(v);
            refresh();
          });
          const words = m ? t('web-magnet-promote-piece', { ...kindArgs(m.kind), cell: v, rank: m.rank, next: m.rank + 1 }) : t('web-magnet-promote-unknown', { cell: v });
          promoteBox.append(h('div', { class: 'choice' }, box, ' ', h('label', { for: `promote-${v}` }, words)));
        }
      }
      promoteBox.hidden = promotable.length === 0;
      summary.textContent = moves.length ? t('web-magnet-summary', { cell: magnet, moves: sequence(moves) }) : t('web-magnet-summary-none', { cell: magnet });
      playButton.textContent = t('web-pick-play', { action: action() });
      for (const cell of cells.values()) cell.el.classList.remove('pulled');
      for (const m of moves) cells.get(m.from)?.el.classList.add('pulled');
    };
    if (options.length > 1) {
      orderBox.append(h('legend', {}, t(now.board?.opening ? 'web-magnet-order-opening' : 'web-magnet-order-first')));
      const usual = affected(magnet).join();
      for (const o of options) {
        const id = `order-${o.replace(/\W+/g, '-')}`;
        const radio = h('input', { type: 'radio', name: 'order', id, checked: o === offer });
        radio.addEventListener('change', () => {
          offer = o;
          promote.clear();
          refresh();
        });
        const moves = foresee(magnet, orderOf(o));
        const words = moves.length ? sequence(moves) : '';
        const usualOne = orderOf(o).join() === usual && !now.board?.opening;
        orderBox.append(h('div', { class: 'choice' }, radio, ' ', h('label', { for: id }, usualOne ? t('web-magnet-usual-order', { moves: words }) : words)));
      }
    }
    orderBox.hidden = options.length <= 1;
    playButton.addEventListener('click', () => now.act(action(), { deliberate: true }));
    fill(
      controls,
      summary,
      orderBox,
      promoteBox,
      h('div', { class: 'row' }, playButton, h('button', { type: 'button', onclick: () => choose(null) }, t('web-pick-cancel'))),
    );
    refresh();
  }

  function showSetup() {
    const color = now.color;
    if (!arranging() || !color) {
      fill(controls, h('p', { class: 'hint' }, t('web-magnet-waiting-setups')));
      return;
    }
    const vertices = startVertices(color);
    const text = `setup ${vertices.map((v, i) => `${v}:${arrangement[i]}`).join(' ')}`;
    fill(
      controls,
      h('p', {}, t('web-magnet-arrange')),
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
              keepArrangement();
              draw();
            },
          },
          t('web-magnet-shuffle'),
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
          t('web-magnet-confirm-setup'),
        ),
      ),
    );
  }

  /**
   * The pieces a magnet on `vertex` moves, in the usual order: the
   * nearest of the viewer's pieces along each of the six lines (enemy
   * pieces do not block). Only a hint for the eye.
   * @param {string} vertex
   */
  function affected(vertex) {
    const start = axial.get(vertex);
    const color = now.color;
    if (!start || !color || !now.board) return [];
    const mine = new Set(now.board[color].pieces.map((p) => p.vertex));
    /** @type {string[]} */
    const found = [];
    for (const [dq, dr] of DIRECTIONS) {
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
    // The button that completes the turn must be seen: scrolled up to if below the fold.
    if (vertex) controls.querySelector('#magnet-play')?.scrollIntoView({ block: 'nearest' });
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
        keepArrangement();
        lens.moved();
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
      describeCell(cell, t('web-cell-empty', { cell: cell.label }));
    }
    for (const color of /** @type {const} */ (['red', 'blue'])) {
      for (const piece of board[color].pieces) {
        const cell = cells.get(piece.vertex);
        if (!cell) continue;
        const kind = piece.kind ?? null;
        drawPiece(cell, color, kind ?? '?', piece.rank, kind === null ? 'hidden' : 'known');
        const args = kind === null ? { kind: 'hidden', value: '' } : kindArgs(kind);
        describeCell(cell, t('web-cell-magnet-piece', { cell: piece.vertex, side: color, ...args, rank: piece.rank }));
      }
    }
    // The setup being arranged, drawn where it will stand.
    if (arranging() && now.color) {
      startVertices(now.color).forEach((v, i) => {
        const cell = cells.get(v);
        if (!cell) return;
        drawPiece(cell, /** @type {'red' | 'blue'} */ (now.color), arrangement[i], 1, 'arranging');
        describeCell(cell, t('web-cell-magnet-arranging', { cell: v, ...kindArgs(arrangement[i]) }));
      });
    }
    fx.show(cells, now.last, { animate: now.animate, badge: 5.4, reach: 4.2 });
    mark();
    showChoice();
  }

  /**
   * What a side has lost: captured pieces by kind, and those destroyed by
   * traps (kinds only when the viewer may see them).
   * @param {MagnetSide} side
   */
  function losses(side) {
    const lost = side.captured.length ? t('web-magnet-lost', { kinds: side.captured.map(kindName).join(', ') }) : t('web-magnet-lost-nothing');
    const destroyed = Array.isArray(side.destroyed) ? side.destroyed.length : side.destroyed;
    if (!destroyed) return lost;
    if (Array.isArray(side.destroyed)) return t('web-magnet-destroyed-which', { lost, count: destroyed, kinds: side.destroyed.map(kindName).join(', ') });
    return t('web-magnet-destroyed', { lost, count: destroyed });
  }

  let moveCount = -1;

  return {
    element: frame,
    controls,
    info,
    update({ state, play, legal, act, turnBoard, name, animate }) {
      const board = /** @type {MagnetBoard} */ (play.board);
      now.board = board;
      now.room = state.id;
      now.color = state.you === 0 ? 'red' : state.you === 1 ? 'blue' : null;
      now.mayAct = state.you !== null && play.to_act.includes(state.you);
      now.promotions = play.promotions ?? {};
      now.act = act;
      now.last = play.last;
      now.animate = animate ?? false;
      const flip = turnBoard && now.color === 'red';
      if (flip !== flipped) {
        flipped = flip;
        layout();
      }
      if (play.moves.length !== moveCount) {
        moveCount = play.moves.length;
        lens.moved();
      }
      const key = `${play.moves.length}|${legal.join('|')}`;
      if (key !== legalKey) {
        legalKey = key;
        chosen = null;
        swapFrom = null;
        if (arrangement.length === 0) arrangement = (arranging() && keptArrangement()) || [...MATERIAL];
      }
      // A confirmed setup needs keeping no more.
      if (now.color && board[now.color].set_up) localStorage.removeItem(setupKey());
      now.legal = legal;
      for (const cell of cells.values()) cell.el.classList.remove('pulled');
      for (const cell of cells.values()) cell.el.classList.toggle('centre', cell.label === board.centre);
      const last = play.moves.at(-1)?.action;
      const lastVertex = last && !last.toLowerCase().startsWith('setup') ? readTurn(last).magnet : null;
      for (const cell of cells.values()) cell.el.classList.toggle('last', cell.label === lastVertex);
      // At the end: the winner's King.
      const winner = play.outcome?.winners.length === 1 ? (play.outcome.winners[0] === 0 ? 'red' : 'blue') : null;
      const king = winner ? board[winner].pieces.find((p) => p.kind === 'K')?.vertex : undefined;
      markWin(winLayer, cells, king ? [[king]] : []);
      // The end is seen on the whole board.
      if (play.outcome) lens.reset();
      fill(
        info,
        h('h3', {}, t('web-magnet-off')),
        h('p', {}, t('web-magnet-losses', { name: name(0), color: colorName('red'), losses: losses(board.red) })),
        h('p', {}, t('web-magnet-losses', { name: name(1), color: colorName('blue'), losses: losses(board.blue) })),
        h('p', { class: 'hint' }, t('web-magnet-hint')),
      );
      draw();
    },
  };
}
