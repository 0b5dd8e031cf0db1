/** @file "How to play": each game's rules in a few plain paragraphs (after docs/rules/), with small diagrams drawn by the game's own board code, shown in a dialog from the lobby and the room. */

import { h } from './dom.js';
import { diagram } from './boards/index.js';

/** Every game's name as people write it. */
export const GAME_NAMES = /** @type {Record<string, string>} */ ({
  magneton: 'Magneton',
  magnetism: 'Magnetism',
  magnet: 'Magnet',
  magma: 'Magma',
});

/** @param {string} game */
export function gameName(game) {
  return GAME_NAMES[game] ?? game;
}

/**
 * @param {string} title
 * @param {...(string | Node)} parts paragraphs (strings) or figures
 */
function part(title, ...parts) {
  return h('section', {}, h('h3', {}, title), ...parts.map((p) => (typeof p === 'string' ? h('p', {}, p) : p)));
}

/** @param {string[]} items */
function list(items) {
  return h('ul', {}, ...items.map((i) => h('li', {}, i)));
}

/** Rows of Magma's zigzag board from the top, and the colours of its corners. */
const MAGMA_ROWS = [1, 4, 7, 10, 9, 10, 9, 10, 9, 10, 7, 4, 1];
const MAGMA_CORNERS = /** @type {Record<string, string>} */ ({ d10: 'red', j10: 'blue', m1: 'yellow', j1: 'red', d1: 'blue', a1: 'yellow' });

/**
 * A Magma `board` JSON for a diagram.
 * @param {Record<string, string>} pieces colour by cell
 * @returns {import('./wire.js').MagmaBoard}
 */
function magmaBoard(pieces) {
  const cells = [];
  for (const [row, n] of MAGMA_ROWS.entries()) {
    for (let i = 1; i <= n; i++) {
      const cell = `${String.fromCharCode(97 + row)}${i}`;
      cells.push({ cell, q: 0, r: 0, piece: pieces[cell] ?? null, corner: MAGMA_CORNERS[cell] ?? null, home_of: null });
    }
  }
  return {
    board: 'zigzag',
    cells,
    slots: [],
    slot: 0,
    seats: [],
    passes: 0,
    turns: 0,
    phase: { kind: 'turn', may_propose_end: true },
    clock: null,
    scores: [],
  };
}

/** Magnet's start vertices (docs/rules/magnet.md). */
const MAGNET_START = {
  red: ['A2', 'A3', 'A4', 'A5', 'B7', 'C8', 'D9', 'E10', 'G10', 'H9', 'I8', 'J7'],
  blue: ['B1', 'C1', 'D1', 'E1', 'G1', 'H1', 'I1', 'J1', 'K2', 'K3', 'K4', 'K5'],
};

/** @type {Record<string, () => Node[]>} */
const RULES = {
  magneton: () => [
    h('p', { class: 'lead' }, 'Two players, white and black, twelve stones each, on an 8×8 board. Make four in a row after the stones have been pulled and pushed.'),
    part(
      'A turn',
      'While you have stones in hand, put one on any empty square. Once both hands are empty, slide one of your stones instead.',
      'From the third stone on, the stone you put down (or slid) acts as a magnet along the eight lines from it, on the nearest stone of each line: an opponent’s stone is pulled next to it; one of your own is pushed away until it meets a stone or the edge.',
      diagram(
        'magneton',
        { stones: { white: ['D4', 'D8'], black: ['E4'] }, hands: { white: 9, black: 10 }, side: 'black', phase: 'drop' },
        'White puts a stone on D4: its own stone on D6 is pushed up to D8; black’s stone on F4 is pulled next to it, to E4.',
        { last: ['D4'], arrows: [['D6', 'D8'], ['F4', 'E4']] },
      ),
    ),
    part(
      'Sliding (once the hands are empty)',
      'Look along each line through your stone. If only one side of that line has a stone, you may slide: toward an opponent’s stone until you touch it, or away from your own stone to the edge. (The “Per direction” option judges each of the eight directions on its own.)',
    ),
    part(
      'Winning',
      'Four or more stones of one colour in a row (across, up or diagonally) win, but only if the magnetic effect of this turn moved at least one of them. The line’s owner wins even when the opponent’s turn made it: watch what your pulls do!',
      diagram(
        'magneton',
        { stones: { white: ['F1', 'E2', 'D3', 'C4'], black: ['E1', 'F2', 'C3', 'B8'] }, hands: { white: 8, black: 8 }, side: 'white', phase: 'drop' },
        'Black drops on C3 and pulls white’s C6 down to C4 and H3 across to D3: white now has F1–E2–D3–C4 and wins.',
        { last: ['C3'], arrows: [['C6', 'C4'], ['H3', 'D3']], win: [['F1', 'E2', 'D3', 'C4']] },
      ),
    ),
    part('Draws', 'The third time the same position comes back, or when neither player can move, the game is drawn. A player who cannot move must pass.'),
  ],
  magnetism: () => [
    h('p', { class: 'lead' }, 'Two players race their twelve pieces to the far side of a 12×8 board, moved only by their own magnet.'),
    part(
      'The secret opening',
      'Each player first places a magnet in secret, in its own half and off its back row (white: ranks 2–4, black: ranks 5–7). Both are revealed together; then white moves.',
    ),
    part(
      'A move: two parts, both compulsory',
      list([
        'Your magnet moves like a chess queen, over empty squares only.',
        'Then one of your pieces on a line with the magnet’s new square is pulled toward it or pushed away from it, along that line, over empty squares. The square the magnet just left counts as empty.',
      ]),
      diagram(
        'magnetism',
        {
          pieces: {
            white: ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'i1', 'k1', 'l1', 'g4'],
            black: ['a8', 'b8', 'c8', 'd8', 'e8', 'f8', 'g8', 'h8', 'i8', 'j8', 'k8', 'l8'],
          },
          magnets: { white: 'f5', black: 'd5' },
          side: 'black',
          far_row: { white: 0, black: 0 },
        },
        'White’s move (f5) j1-g4: the magnet goes from g4 to f5, then pulls the piece on j1 up the diagonal to g4.',
        { last: ['f5', 'j1', 'g4'], arrows: [['g4', 'f5'], ['j1', 'g4']] },
      ),
      'The opponent’s magnet blocks your magnet’s pull and push; pieces do not.',
    ),
    part(
      'Winning',
      'Count your pieces on the opponent’s back row. When a move puts you ahead, your opponent has exactly one move to draw level; if it does not, you win. All twelve across wins at once. A player who cannot make a whole move loses; a third repetition of a position is a draw.',
    ),
  ],
  magnet: () => [
    h('p', { class: 'lead' }, 'Two players, red and blue, with twelve hidden pieces each on the 91 points of a hexagon. Capture the enemy King, or bring your own King to the centre and keep it there for a turn.'),
    part(
      'Pieces',
      list([
        'K: the King (value 1). Capture the enemy’s and you win.',
        '2, 3, 4: ordinary pieces of that value.',
        'T2, T3: traps. A piece that captures a trap is removed too (a King that does, loses).',
        'Rank: how many steps a piece moves. It starts at 1 and grows by one each time you promote the piece after it moved, up to its value. The dots under a piece show it.',
      ]),
      'You see your own kinds; you see the opponent’s pieces only as “?” with their ranks, until they are captured.',
      diagram(
        'magnet',
        {
          in_setup: false,
          side: 'red',
          opening: true,
          centre: 'F6',
          start: MAGNET_START,
          red: {
            open: true,
            set_up: true,
            pieces: MAGNET_START.red.map((vertex, i) => ({ vertex, rank: 1, kind: ['K', '2', 'T2', '4', '3', '3', 'T3', '4', '2', '2', '3', '4'][i] })),
            captured: [],
            destroyed: [],
          },
          blue: { open: false, set_up: true, pieces: MAGNET_START.blue.map((vertex) => ({ vertex, rank: 1 })), captured: [], destroyed: 0 },
        },
        'The start as red sees it: red’s pieces on the left and top edges with their kinds, blue’s hidden on the bottom and right. The star marks the centre, F6.',
      ),
    ),
    part(
      'A turn',
      'Put the magnet on any point. Along each of the six lines from it, your nearest piece is pulled toward it by up to its rank, stopping on the magnet’s point or before one of your own pieces. Enemy pieces do not block: every enemy piece your piece passes over or lands on is captured.',
      'When several pieces are pulled you may choose their order; the client lists the orders that end differently, in words. After the turn, each piece that moved may be promoted. Red’s very first turn moves only one piece.',
    ),
    part(
      'Winning',
      'Capture the enemy King; or start your turn with your King on the centre F6. When only the two Kings are left, the first to reach the centre wins. A third repetition is a draw.',
    ),
    part('Setup', 'Before play, each side arranges its twelve pieces on its start points in secret (or, with the random option, they are dealt).'),
  ],
  magma: () => [
    h('p', { class: 'lead' }, 'Two to six players (in colour teams with four or six) bring pieces in through their home corners and spread out. The colour with the most pieces and private territory wins.'),
    part(
      'A turn: do one of these',
      list([
        'Step a piece of your colour to an empty neighbouring cell,',
        'or jump it over a neighbouring piece of your colour to the empty cell right behind, as often as you like in one move,',
        'or bring a piece in through your home (⌂): onto it if it is empty, or jumping over your own piece standing there,',
        'or pass.',
      ]),
      diagram(
        'magma',
        magmaBoard({ d10: 'red', j1: 'blue' }),
        'The zigzag board. The six corners are the homes (⌂ with the colour’s letter: R red, B blue, Y yellow); in a two-player game red starts on d10 and blue on j1.',
      ),
    ),
    part(
      'The end',
      'The game ends when everyone passes in a row, or when all agree to end it: instead of moving, the player to move may propose the end, and everyone else answers yes or no.',
    ),
    part(
      'Scoring',
      'Each colour scores its pieces on the board plus 3 for every empty cell only it could still move a piece to. On a tie, the tied colour that played last wins.',
    ),
    part(
      'Hot and White-Hot',
      'With a timer, a turn has 30 seconds (White-Hot: a sand timer passed on, so a quick turn leaves the next player less). Whoever runs out loses the turn, and the player before them removes one of their pieces.',
    ),
  ],
};

/**
 * The rules of `game` as an element.
 * @param {string} game
 */
export function rulesOf(game) {
  const make = RULES[game];
  return h(
    'div',
    { class: 'rules', 'data-game': game },
    ...(make ? make() : [h('p', {}, `There is no summary of ${game} yet.`)]),
    h('p', { class: 'hint' }, 'These are the rules in short; the full text, with every decision we made, is in the project’s docs/rules.'),
  );
}

/** @type {HTMLDialogElement | null} */
let dialog = null;

/**
 * Opens the "How to play" dialog for `game` (closing with Esc or its
 * button gives the focus back to whatever had it).
 * @param {string} game
 */
export function showRules(game) {
  if (!dialog) {
    dialog = h('dialog', { class: 'rules-dialog', id: 'rules', 'aria-labelledby': 'rules-title' });
    document.body.append(dialog);
  }
  const close = h('button', { type: 'button', class: 'close', id: 'rules-close' }, 'Close');
  const box = dialog;
  close.addEventListener('click', () => box.close());
  box.replaceChildren(
    h('div', { class: 'rules-head' }, h('h2', { id: 'rules-title' }, `How to play ${gameName(game)}`), close),
    rulesOf(game),
  );
  box.showModal();
  close.focus();
}

/**
 * A button that opens the rules of `game` (or of whatever `game()` says
 * when clicked).
 * @param {string | (() => string)} game
 * @param {string} [id]
 */
export function rulesButton(game, id) {
  return h(
    'button',
    { type: 'button', class: 'rules-button', id, onclick: () => showRules(typeof game === 'string' ? game : game()) },
    'How to play',
  );
}
