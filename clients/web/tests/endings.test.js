/** @file Every way a game or a room ends has its own sentence saying who did what (words.js `endWords`), table-driven: the board's endings (a line, the race, a capture, a trap, the centre, the Kings' race, repetition, no move, Magma's score and tie-break) from the result line, and the table's (resignation, time, a claim on an absent player, a draw agreed, an abort, a close, an abandonment, an expiry) from `state.ended`. No two endings share a sentence. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { endWords } from '../src/words.js';
import { useWords } from '../src/i18n.js';
import { ROOT } from './harness.js';

useWords([{ lang: 'en', text: readFileSync(`${ROOT}/i18n/locales/en/web.ftl`, 'utf8') }]);

/**
 * Two seats (or more for Magma) named `Ann (white)`, `Bo (black)`…
 * @param {string[]} colors
 */
function seats(colors) {
  const names = ['Ann', 'Bo', 'Cy', 'Di'];
  return colors.map((color, seat) => ({ seat, name: color, color, team: seat, player: { id: `g${seat}`, name: names[seat] }, connected: true }));
}

/**
 * A room state with an outcome and/or a table ending.
 * @param {{colors?: string[], result?: string, winners?: number[], ended?: {how: import('../src/wire.js').EndHow, seat?: number}, status?: import('../src/wire.js').RoomStatus}} spec
 */
function room({ colors = ['white', 'black'], result, winners = [], ended, status = 'finished' }) {
  return {
    status,
    seats: seats(colors),
    owner: { id: 'g0', name: 'Ann' },
    ended: ended ?? undefined,
    play: result === undefined ? null : { outcome: { result, winners } },
  };
}

/** [what, the room, the headline, the sentence] */
const CASES = /** @type {[string, ReturnType<typeof room>, string, string][]} */ ([
  ['a line (Magneton)', room({ result: 'white wins (four in a row)', winners: [0] }), 'Ann (white) wins.', 'Ann (white) made four in a row, moved into place by the magnetic effect.'],
  ['the race, all across (Magnetism)', room({ result: 'black wins (all 12 pieces on the far row)', winners: [1] }), 'Bo (black) wins.', 'Bo (black) brought all 12 pieces to the far row.'],
  [
    'the race, ahead (Magnetism)',
    room({ result: 'black wins (ahead on the far row, 1 to 0)', winners: [1] }),
    'Bo (black) wins.',
    'Bo (black) got ahead on the far row, 1 to 0, and Ann (white)’s one move after that did not draw level.',
  ],
  ['no whole move (Magnetism)', room({ result: 'black wins (white cannot complete a move)', winners: [1] }), 'Bo (black) wins.', 'Ann (white) could not complete a move.'],
  ['a King captured (Magnet)', room({ colors: ['red', 'blue'], result: 'blue wins (king captured)', winners: [1] }), 'Bo (blue) wins.', 'Bo (blue) captured Ann (red)’s King.'],
  [
    'a King lost to a trap (Magnet)',
    room({ colors: ['red', 'blue'], result: "blue wins (red's king captured a trap)", winners: [1] }),
    'Bo (blue) wins.',
    'Ann (red)’s King captured a trap and was destroyed with it.',
  ],
  ['the centre (Magnet)', room({ colors: ['red', 'blue'], result: 'red wins (king on the centre)', winners: [0] }), 'Ann (red) wins.', 'Ann (red)’s King stood on the centre for a whole turn.'],
  [
    'the two Kings’ race (Magnet)',
    room({ colors: ['red', 'blue'], result: 'red wins (two-king race)', winners: [0] }),
    'Ann (red) wins.',
    'Only the two Kings were left, and Ann (red)’s King reached the centre first.',
  ],
  ['repetition', room({ result: 'draw (threefold repetition)' }), 'A draw.', 'The same position came back a third time: a draw.'],
  ['nobody can move (Magneton)', room({ result: 'draw (neither side can move)' }), 'A draw.', 'Neither side could move: a draw.'],
  [
    'Magma: everyone passed',
    room({ colors: ['red', 'blue'], result: 'red wins (all passed; red 9, blue 4)', winners: [0] }),
    'Ann (red) wins.',
    'Everyone passed in a row, so the game was scored. Scores: red 9, blue 4.',
  ],
  [
    'Magma: the end agreed, a tie broken',
    room({ colors: ['red', 'blue'], result: 'blue wins (agreed end; blue 5, red 5; the tie goes to blue, who played last)', winners: [1] }),
    'Bo (blue) wins.',
    'Everyone agreed to end the game, so it was scored. Scores: blue 5, red 5. The best scores were tied; blue played last and takes the tie.',
  ],
  [
    'Magma: a tie nobody breaks',
    room({ colors: ['red', 'blue'], result: 'draw (agreed end; red 1, blue 1; a tie, and no tied side has taken a turn)' }),
    'A draw.',
    'Everyone agreed to end the game, so it was scored. Scores: red 1, blue 1. The best scores were tied, and no tied colour has taken a turn: a draw.',
  ],
  ['a resignation', room({ result: 'black wins (resignation)', winners: [1], ended: { how: 'resigned', seat: 0 } }), 'Bo (black) wins.', 'Ann (white) resigned.'],
  ['out of time', room({ result: 'white wins (on time)', winners: [0], ended: { how: 'out_of_time', seat: 1 } }), 'Ann (white) wins.', 'Bo (black) ran out of time on the room’s clock.'],
  [
    'a claim on an absent player',
    room({ result: 'white wins (on time)', winners: [0], ended: { how: 'claimed', seat: 1 } }),
    'Ann (white) wins.',
    'Bo (black) was away on their turn, so Ann (white) claimed the game.',
  ],
  ['a draw agreed', room({ result: 'draw (agreed)', ended: { how: 'draw_agreed' } }), 'A draw.', 'A draw was offered and accepted: both sides agreed to a draw.'],
  [
    'an abort',
    room({ status: 'closed', ended: { how: 'aborted', seat: 1 } }),
    'No result.',
    'Bo (black) aborted the game before every player had moved: it has no result.',
  ],
  ['the owner’s close', room({ status: 'closed', ended: { how: 'closed' } }), 'No result.', 'Ann closed the room before the game started.'],
  [
    'an abandonment',
    room({ status: 'closed', ended: { how: 'abandoned' } }),
    'No result.',
    'Every player stayed away too long: the game was abandoned without a result.',
  ],
  ['an expiry', room({ status: 'closed', ended: { how: 'expired' } }), 'No result.', 'Nobody started the game in time: the room expired.'],
]);

/** @param {ReturnType<typeof room>} st */
const who = (st) => (/** @type {number} */ seat) => `${st.seats[seat].player.name} (${st.seats[seat].color})`;

test('every ending has its own sentence saying who did what', () => {
  const sentences = new Set();
  for (const [what, st, head, sentence] of CASES) {
    const words = endWords(/** @type {any} */ (st), who(st));
    assert.ok(words, `${what}: no words`);
    assert.equal(words.head, head, what);
    assert.equal(words.sentence, sentence, what);
    assert.ok(!sentences.has(sentence), `${what}: the same sentence as another ending`);
    sentences.add(sentence);
  }
});

test('a room still going on has no ending', () => {
  const st = room({ status: 'playing' });
  assert.equal(endWords(/** @type {any} */ (st), who(st)), null);
});
