/** @file Plain words for what the wire says in notation: actions in the move list, what the last action did (its effects), results, option names and values. */

/**
 * An action in words, for the move list and the confirmation
 * (`end-` → "refuses to end the game", `(f5) j1-g4` → "magnet to f5, j1→g4").
 * @param {string} game
 * @param {string} action
 */
export function actionWords(game, action) {
  const a = action.trim();
  const fixed = /** @type {Record<string, string>} */ ({
    pass: 'passes',
    'end?': 'proposes to end the game',
    'end!': 'agrees to end the game',
    'end-': 'refuses to end the game',
    timeout: 'ran out of time',
  })[a.toLowerCase()];
  if (fixed) return fixed;
  if (game === 'magma') {
    if (/^enter /i.test(a)) return `enters a piece: ${a.slice(6).replace(/-/g, '→')}`;
    if (/^remove /i.test(a)) return `removes the piece on ${a.slice(7)}`;
    return a.replace(/-/g, '→');
  }
  if (game === 'magnetism') {
    const magnet = /^magnet\s+(\S+)$/i.exec(a);
    if (magnet) return `places the magnet on ${magnet[1]}`;
    const move = /^\(\s*(\S+)\s*\)\s*(\S+)\s*-\s*(\S+)$/.exec(a);
    if (move) return `magnet to ${move[1]}, piece ${move[2]}→${move[3]}`;
  }
  if (game === 'magneton') {
    return a.includes('-') ? `slides ${a.replace('-', '→')}` : `drops on ${a}`;
  }
  if (game === 'magnet') {
    if (/^setup/i.test(a)) return 'arranged the pieces';
    const [moves, promote = ''] = a.split('+');
    const [magnet, ...order] = moves.trim().split(/[\s,]+/);
    const parts = [`magnet on ${magnet}`];
    if (order.filter(Boolean).length) parts.push(`pieces from ${order.filter(Boolean).join(', ')} in that order`);
    const promoted = promote.split(/[\s,]+/).filter(Boolean);
    if (promoted.length) parts.push(`promotes on ${promoted.join(', ')}`);
    return parts.join('; ');
  }
  return a;
}

/**
 * A Magnet kind in words for the move list (`3` → `a 3`, `K` → `the
 * King`, `T2` → `a trap 2`); `a piece` when the effect does not say.
 * @param {string | undefined} kind
 * @param {string} plain
 */
function aPiece(kind, plain) {
  if (!kind) return plain;
  if (kind === 'K') return 'the King';
  if (kind === 'magnet') return 'the magnet';
  return kind.startsWith('T') ? `a trap ${kind.slice(1)}` : `a ${kind}`;
}

/**
 * What an action did, in words, from its effects as the server told this
 * viewer (`C2→D2, E3 captured a 3`): only what the effects carry, so a
 * hidden kind is never named. The piece that arrives where the action
 * itself names a cell (a drop, the Magnet's magnet) is left out: the
 * action already says it. Empty when there is nothing to add.
 * @param {import('./wire.js').EffectState[]} effects
 * @param {string} [action] the action in notation, if the viewer knows it
 */
export function effectWords(effects, action = '') {
  const named = new Set((action.match(/[a-z]\d+/gi) ?? []).map((c) => c.toLowerCase()));
  /** @type {string[]} */
  const parts = [];
  for (const fx of effects) {
    switch (fx.kind) {
      case 'place':
        if (!named.has(fx.at.toLowerCase())) parts.push(`${fx.side ? `${fx.side} ` : ''}${fx.piece ?? 'piece'} on ${fx.at}`);
        break;
      case 'move':
        parts.push(`${fx.piece === 'magnet' ? 'magnet ' : ''}${fx.path.length ? fx.path.join('→') : `${fx.from}→${fx.to}`}`);
        break;
      case 'enter':
        parts.push(`entered ${fx.path.join('→')}`);
        break;
      case 'push':
        parts.push(`${fx.from}→${fx.to} pushed`);
        break;
      case 'pull':
        parts.push(`${fx.from}→${fx.to} pulled`);
        break;
      case 'capture':
        parts.push(`${fx.at} captured ${aPiece(fx.piece, 'a piece')}`);
        break;
      case 'trapped':
        parts.push(`${fx.at}: ${aPiece(fx.piece, 'a piece')} destroyed by a trap`);
        break;
      case 'promote':
        parts.push(`${fx.at} promoted to rank ${fx.rank}`);
        break;
      case 'remove':
        parts.push(`${fx.at} removed${fx.side ? ` (${fx.side})` : ''}`);
        break;
      case 'line':
        parts.push(`winning line ${fx.cells.join('-')}`);
        break;
      case 'claim':
        parts.push(`${fx.side} claims ${fx.cells.length} ${fx.cells.length === 1 ? 'cell' : 'cells'}`);
        break;
    }
  }
  return parts.join(', ');
}

/** Reasons as the rules write them, and in plainer words. */
const REASONS = /** @type {[RegExp, string][]} */ ([
  [/^four in a row$/, 'four in a row, made by the magnetic effect'],
  [/^agreed end$/, 'everyone agreed to end the game'],
  [/^all passed$/, 'everyone passed in a row'],
  [/^king captured$/, 'the King was captured'],
  [/^king on the centre$/, 'the King stood on the centre for a whole turn'],
  [/^two-king race$/, 'only the Kings were left, and one reached the centre'],
  [/^threefold repetition$/, 'the same position came back a third time'],
  [/^resignation$/, 'the other side resigned'],
  [/^agreed$/, 'both sides agreed to a draw'],
  [/^on time$/, 'the other side ran out of time'],
  [/^neither side can move$/, 'neither side could move'],
  [/^ahead on the far row, (\d+) to (\d+)$/, 'ahead on the far row, $1 to $2: the other side’s one move did not draw level'],
  [/^a tie, and no tied side has taken a turn$/, 'a tie, and none of the tied colours has taken a turn yet'],
]);

/**
 * A result (`white wins (four in a row)`) split into its headline and its
 * reasons in words; scores in it (Magma) are left to the score table.
 * @param {string} result
 * @returns {{head: string, reasons: string[]}}
 */
export function resultWords(result) {
  const open = result.indexOf('(');
  const head = (open < 0 ? result : result.slice(0, open)).trim();
  const inside = open < 0 ? '' : result.slice(open + 1, result.lastIndexOf(')'));
  const reasons = [];
  for (const raw of inside.split(';').map((x) => x.trim()).filter(Boolean)) {
    // Magma's scores ("red 7, blue 7") are in the table.
    if (/^(red|blue|yellow) \d+(, (red|blue|yellow) \d+)*$/.test(raw)) continue;
    const known = REASONS.find(([re]) => re.test(raw));
    reasons.push(known ? raw.replace(known[0], known[1]) : raw);
  }
  return { head, reasons };
}

/** Options and their values in words (the keys and values stay as the server knows them). */
const OPTION_WORDS = /** @type {Record<string, {name: string, values?: Record<string, string>}>} */ ({
  'move-rule': { name: 'How stones slide', values: { line: 'Line rule', 'per-ray': 'Per direction' } },
  repetition: { name: 'Third repetition', values: { on: 'is a draw', off: 'play on' } },
  setup: { name: 'Setup', values: { chosen: 'each side arranges in secret', random: 'dealt at random' } },
  'trap-victims': { name: 'A piece lost to a trap', values: { hidden: 'stays secret', revealed: 'is shown' } },
  players: { name: 'Players' },
  solo: { name: 'Solo colour (five players)' },
  board: { name: 'Board', values: { zigzag: 'Zigzag (pointed corners)', radius5: 'Plain hexagon' } },
  timer: { name: 'Turn timer', values: { none: 'none', hot: 'Hot: 30 s a turn', 'white-hot': 'White-Hot: passed-on sand timer' } },
  clock: {
    name: 'Clock',
    values: {
      none: 'none',
      '5+3': '5 minutes each, +3 s a move',
      '10+5': '10 minutes each, +5 s a move',
      '30s/move': '30 s a move',
      '1d/move': '1 day a move',
      '3d/move': '3 days a move (correspondence)',
      'bank:10d+36h': '10 days, +36 h a move, at most 10 days (correspondence)',
    },
  },
  absent: {
    name: 'If a player is away',
    values: { wait: 'wait for them', claim: 'the others may claim the game on their turn', bot: 'a bot plays for them until they return' },
  },
  rated: { name: 'Rated', values: { no: 'no', yes: 'yes: changes ratings (accounts only, no bots)' } },
  first: { name: 'First to play', values: { 1: 'seat 1', 2: 'seat 2', 3: 'seat 3', 4: 'seat 4', 5: 'seat 5', 6: 'seat 6' } },
  chat: { name: 'Chat', values: { on: 'on', off: 'off' } },
  'rated-bots': { name: 'Bot accounts in rated play', values: { no: 'no', yes: 'yes' } },
  spectators: { name: 'Spectators', values: { public: 'anyone may watch', link: 'only with the invite', off: 'nobody until the end' } },
  'spectator-delay': { name: 'Spectators see the game', values: { 0: 'live', 1: '1 ply behind', 2: '2 plies behind', 4: '4 plies behind', 8: '8 plies behind', 16: '16 plies behind' } },
  weekends: { name: 'Weekends', values: { run: 'clocks run', pause: 'clocks pause (UTC)' } },
});

/** @param {string} key */
export function optionName(key) {
  return OPTION_WORDS[key]?.name ?? key;
}

/**
 * @param {string} key
 * @param {string} value
 */
export function optionValue(key, value) {
  return OPTION_WORDS[key]?.values?.[value] ?? value;
}

/**
 * A room's options in words (`How stones slide: Per direction`).
 * @param {Record<string, string>} options
 */
export function describeOptions(options) {
  const pairs = Object.entries(options).map(([k, v]) => `${optionName(k)}: ${optionValue(k, v)}`);
  return pairs.length ? pairs.join(', ') : 'standard rules';
}

/** How a seated player is there, as the seat list says it. */
export const SEAT_WORDS = {
  online: '● online',
  away: '○ away',
  absent: '○ absent',
  standIn: '⚙ a bot plays for them',
  standInTitle: 'away too long: a bot plays this seat until they return',
};

/** The clocks' words. */
export const CLOCK_WORDS = {
  forYou: 'for you',
  /** @param {string} seat */
  forSeat: (seat) => `for ${seat}`,
  /** @param {string} time @param {string} whom */
  left: (time, whom) => `${time} left ${whom}`,
  stale: '(not live: waiting for the server)',
  staleTitle: 'not live: this clock stands still until the connection is back',
};

/** What the connection notice and the page say while the server does not answer. */
export const CONNECTION_WORDS = {
  connecting: 'Connecting to the server…',
  lost: 'Connection lost — reconnecting…',
  /** @param {number} seconds */
  nextTry: (seconds) => ` (next try in ${seconds} s)`,
  notLive: 'Not connected right now: nothing was sent. Wait for the reconnect.',
};

/**
 * How the table ended a game or a room (`state.ended.how`), each in its
 * own sentence: `by` is the seat it names in words (`Ann (white)`),
 * `won` the winners, `owner` the room's owner.
 * @type {Record<import('./wire.js').EndHow, (w: {by: string, won: string, owner: string}) => string>}
 */
const TABLE_ENDS = {
  resigned: ({ by }) => `${by} resigned.`,
  out_of_time: ({ by }) => `${by} ran out of time on the room’s clock.`,
  claimed: ({ by, won }) => `${by} was away on their turn, so ${won || 'the others'} claimed the game.`,
  draw_agreed: () => 'A draw was offered and accepted: both sides agreed to a draw.',
  aborted: ({ by }) => `${by} aborted the game before every player had moved: it has no result.`,
  closed: ({ owner }) => `${owner} closed the room before the game started.`,
  abandoned: () => 'Every player stayed away too long: the game was abandoned without a result.',
  expired: () => 'Nobody started the game in time: the room expired.',
};

/**
 * How the board ended a game (the reasons of the result line), each in its
 * own sentence: `$1`… are the reason's numbers or colours, `won` the
 * winners, `lost` the others.
 * @type {[RegExp, (w: {won: string, lost: string, m: RegExpExecArray}) => string][]}
 */
const BOARD_ENDS = [
  [/^four in a row$/, ({ won }) => `${won} made four in a row, moved into place by the magnetic effect.`],
  [/^all (\d+) pieces on the far row$/, ({ won, m }) => `${won} brought all ${m[1]} pieces to the far row.`],
  [
    /^ahead on the far row, (\d+) to (\d+)$/,
    ({ won, lost, m }) => `${won} got ahead on the far row, ${m[1]} to ${m[2]}, and ${lost}’s one move after that did not draw level.`,
  ],
  [/^\w+ cannot complete a move$/, ({ lost }) => `${lost} could not complete a move.`],
  [/^king captured$/, ({ won, lost }) => `${won} captured ${lost}’s King.`],
  [/^\w+'s king captured a trap$/, ({ lost }) => `${lost}’s King captured a trap and was destroyed with it.`],
  [/^king on the centre$/, ({ won }) => `${won}’s King stood on the centre for a whole turn.`],
  [/^two-king race$/, ({ won }) => `Only the two Kings were left, and ${won}’s King reached the centre first.`],
  [/^threefold repetition$/, () => 'The same position came back a third time: a draw.'],
  [/^neither side can move$/, () => 'Neither side could move: a draw.'],
  [/^agreed$/, () => 'Both sides agreed to a draw.'],
  [/^resignation$/, ({ lost }) => `${lost} resigned.`],
  [/^on time$/, ({ lost }) => `${lost} ran out of time on the room’s clock.`],
  [/^all passed$/, () => 'Everyone passed in a row, so the game was scored.'],
  [/^agreed end$/, () => 'Everyone agreed to end the game, so it was scored.'],
  [/^((?:red|blue|yellow) \d+(?: \(out\))?(?:, (?:red|blue|yellow) \d+(?: \(out\))?)*)$/, ({ m }) => `Scores: ${m[1]}.`],
  [/^the tie goes to (\w+), who played last$/, ({ m }) => `The best scores were tied; ${m[1]} played last and takes the tie.`],
  [/^a tie, and no tied side has taken a turn$/, () => 'The best scores were tied, and no tied colour has taken a turn: a draw.'],
];

/**
 * The end of a game or a room in words: a headline (who won, or a draw,
 * or no result) and a sentence saying who did what. Nothing when it has
 * not ended.
 * @param {Pick<import('./wire.js').RoomState, 'status' | 'seats' | 'ended' | 'owner'> & {play?: {outcome: import('./wire.js').OutcomeState | null} | null}} st
 * @param {(seat: number) => string} who a seat in words (`Ann (white)`)
 * @returns {{head: string, sentence: string} | null}
 */
export function endWords(st, who) {
  const outcome = st.play?.outcome ?? null;
  const ended = st.ended ?? null;
  if (!outcome && !ended) return null;
  const winners = outcome ? [...new Set(outcome.winners.map(who))] : [];
  const won = winners.join(' and ');
  const lost = outcome && outcome.winners.length ? st.seats.filter((x) => !outcome.winners.includes(x.seat)).map((x) => who(x.seat)).join(' and ') : '';
  const head = !outcome ? 'No result.' : winners.length === 0 ? 'A draw.' : `${won} ${winners.length > 1 ? 'win' : 'wins'}.`;
  const parts = [];
  if (ended) {
    const by = ended.seat === undefined ? '' : who(ended.seat);
    parts.push(TABLE_ENDS[ended.how]({ by, won, owner: st.owner?.name ?? 'The room’s owner' }));
  } else if (outcome) {
    const open = outcome.result.indexOf('(');
    const inside = open < 0 ? '' : outcome.result.slice(open + 1, outcome.result.lastIndexOf(')'));
    for (const raw of inside.split(';').map((x) => x.trim()).filter(Boolean)) {
      const known = BOARD_ENDS.find(([re]) => re.test(raw));
      const m = known?.[0].exec(raw);
      parts.push(known && m ? known[1]({ won, lost, m }) : `${raw[0].toUpperCase()}${raw.slice(1)}.`);
    }
  }
  return { head, sentence: parts.join(' ') };
}

/** The typed-move box's example, in each game's notation. */
export const TYPED_HINTS = /** @type {Record<string, string>} */ ({
  magneton: 'e.g. D4, or D4-D6 once the hands are empty',
  magnetism: 'e.g. magnet g3, then (f5) j1-g4',
  magnet: 'e.g. F6, or F6 E5,G6 for an order',
  magma: 'e.g. e3-e5, enter d10, or pass',
});
