/** @file Plain words for what the wire says in notation: colours, actions in the move list, what the last action did (its effects), the end of a game, option names and values (docs/translating.md: the words come from web.ftl). */

import { andList, t } from './i18n.js';

/** The colours seats play, in words (`white` → `blanc`); a colour without words stays as it is. */
const COLORS = /** @type {Record<string, string>} */ ({
  white: 'web-color-white',
  black: 'web-color-black',
  red: 'web-color-red',
  blue: 'web-color-blue',
  yellow: 'web-color-yellow',
});

/**
 * The words of the message `id`, or `otherwise` without one (a key that a
 * table of message ids does not name stays as it is).
 * @param {string | undefined} id
 * @param {string} otherwise
 */
export function wordsOr(id, otherwise) {
  return id ? t(id) : otherwise;
}

/** @param {string} color */
export function colorName(color) {
  return wordsOr(COLORS[color], color);
}

/**
 * The letter a colour's pieces and homes carry on the board, in the
 * page's language (`yellow` → `Y`, in French `J`).
 * @param {string} color
 */
export function colorLetter(color) {
  return color in COLORS ? t('web-color-letter', { side: color }) : color.slice(0, 1).toUpperCase();
}

/**
 * An action in words, for the move list and the confirmation
 * (`end-` → "refuses to end the game", `(f5) j1-g4` → "magnet to f5, j1→g4").
 * @param {string} game
 * @param {string} action
 */
export function actionWords(game, action) {
  const a = action.trim();
  const fixed = /** @type {Record<string, string>} */ ({
    pass: 'web-action-pass',
    'end?': 'web-action-end-propose',
    'end!': 'web-action-end-agree',
    'end-': 'web-action-end-refuse',
    timeout: 'web-action-timeout',
  })[a.toLowerCase()];
  if (fixed) return t(fixed);
  if (game === 'magma') {
    if (/^enter /i.test(a)) return t('web-action-magma-enter', { path: a.slice(6).replace(/-/g, '→') });
    if (/^remove /i.test(a)) return t('web-action-magma-remove', { cell: a.slice(7) });
    return a.replace(/-/g, '→');
  }
  if (game === 'magnetism') {
    const magnet = /^magnet\s+(\S+)$/i.exec(a);
    if (magnet) return t('web-action-magnetism-magnet', { cell: magnet[1] });
    const move = /^\(\s*(\S+)\s*\)\s*(\S+)\s*-\s*(\S+)$/.exec(a);
    if (move) return t('web-action-magnetism-move', { magnet: move[1], from: move[2], to: move[3] });
  }
  if (game === 'magneton') {
    return a.includes('-') ? t('web-action-magneton-slide', { path: a.replace('-', '→') }) : t('web-action-magneton-drop', { cell: a });
  }
  if (game === 'magnet') {
    if (/^setup/i.test(a)) return t('web-action-magnet-setup');
    const [moves, promote = ''] = a.split('+');
    const [magnet, ...order] = moves.trim().split(/[\s,]+/);
    const parts = [t('web-action-magnet-magnet', { cell: magnet })];
    if (order.filter(Boolean).length) parts.push(t('web-action-magnet-order', { cells: order.filter(Boolean).join(', ') }));
    const promoted = promote.split(/[\s,]+/).filter(Boolean);
    if (promoted.length) parts.push(t('web-action-magnet-promote', { cells: promoted.join(', ') }));
    return parts.join('; ');
  }
  return a;
}

/**
 * A Magnet kind in words for the move list (`3` → `a 3`, `K` → `the
 * King`, `T2` → `a trap 2`); `a piece` when the effect does not say.
 * @param {string | undefined} kind
 */
function aPiece(kind) {
  if (!kind) return t('web-piece-a-piece');
  if (kind === 'K') return t('web-piece-the-king');
  if (kind === 'magnet') return t('web-piece-the-magnet');
  return kind.startsWith('T') ? t('web-piece-a-trap', { value: kind.slice(1) }) : t('web-piece-a-kind', { kind });
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
        if (!named.has(fx.at.toLowerCase())) {
          const piece = fx.piece === 'magnet' ? t('web-piece-magnet') : (fx.piece ?? t('web-piece-piece'));
          parts.push(fx.side ? t('web-effect-place-side', { side: colorName(fx.side), piece, cell: fx.at }) : t('web-effect-place', { piece, cell: fx.at }));
        }
        break;
      case 'move': {
        const path = fx.path.length ? fx.path.join('→') : `${fx.from}→${fx.to}`;
        parts.push(fx.piece === 'magnet' ? t('web-effect-move-magnet', { path }) : path);
        break;
      }
      case 'enter':
        parts.push(t('web-effect-enter', { path: fx.path.join('→') }));
        break;
      case 'push':
        parts.push(t('web-effect-push', { from: fx.from, to: fx.to }));
        break;
      case 'pull':
        parts.push(t('web-effect-pull', { from: fx.from, to: fx.to }));
        break;
      case 'capture':
        parts.push(t('web-effect-capture', { cell: fx.at, piece: aPiece(fx.piece) }));
        break;
      case 'trapped':
        parts.push(t('web-effect-trapped', { cell: fx.at, piece: aPiece(fx.piece) }));
        break;
      case 'promote':
        parts.push(t('web-effect-promote', { cell: fx.at, rank: fx.rank }));
        break;
      case 'remove':
        parts.push(fx.side ? t('web-effect-remove-side', { cell: fx.at, side: colorName(fx.side) }) : t('web-effect-remove', { cell: fx.at }));
        break;
      case 'line':
        parts.push(t('web-effect-line', { cells: fx.cells.join('-') }));
        break;
      case 'claim':
        parts.push(t('web-effect-claim', { side: colorName(fx.side), count: fx.cells.length }));
        break;
    }
  }
  return parts.join(', ');
}

/** Options and their values in words (the keys and values stay as the server knows them): the catalogue's ids. */
const OPTION_WORDS = /** @type {Record<string, {name: string, values?: Record<string, string>}>} */ ({
  'move-rule': { name: 'web-option-move-rule', values: { line: 'web-option-move-rule-line', 'per-ray': 'web-option-move-rule-per-ray' } },
  repetition: { name: 'web-option-repetition', values: { on: 'web-option-repetition-on', off: 'web-option-repetition-off' } },
  setup: { name: 'web-option-setup', values: { chosen: 'web-option-setup-chosen', random: 'web-option-setup-random' } },
  'trap-victims': { name: 'web-option-trap-victims', values: { hidden: 'web-option-trap-victims-hidden', revealed: 'web-option-trap-victims-revealed' } },
  players: { name: 'web-option-players' },
  solo: { name: 'web-option-solo' },
  board: { name: 'web-option-board', values: { zigzag: 'web-option-board-zigzag', radius5: 'web-option-board-radius5' } },
  timer: { name: 'web-option-timer', values: { none: 'web-option-none', hot: 'web-option-timer-hot', 'white-hot': 'web-option-timer-white-hot' } },
  clock: {
    name: 'web-option-clock',
    values: {
      none: 'web-option-none',
      '5+3': 'web-option-clock-5-3',
      '10+5': 'web-option-clock-10-5',
      '30s/move': 'web-option-clock-30s-move',
      '1d/move': 'web-option-clock-1d-move',
      '3d/move': 'web-option-clock-3d-move',
      'bank:10d+36h': 'web-option-clock-bank',
    },
  },
  absent: {
    name: 'web-option-absent',
    values: { wait: 'web-option-absent-wait', claim: 'web-option-absent-claim', bot: 'web-option-absent-bot' },
  },
  rated: { name: 'web-option-rated', values: { no: 'web-option-no', yes: 'web-option-rated-yes' } },
  first: { name: 'web-option-first' },
  chat: { name: 'web-option-chat', values: { on: 'web-option-on', off: 'web-option-off' } },
  'rated-bots': { name: 'web-option-rated-bots', values: { no: 'web-option-no', yes: 'web-option-yes' } },
  spectators: { name: 'web-option-spectators', values: { public: 'web-option-spectators-public', link: 'web-option-spectators-link', off: 'web-option-spectators-off' } },
  'spectator-delay': { name: 'web-option-spectator-delay' },
  weekends: { name: 'web-option-weekends', values: { run: 'web-option-weekends-run', pause: 'web-option-weekends-pause' } },
  berserk: { name: 'web-option-berserk', values: { off: 'web-option-off', on: 'web-option-on' } },
});

/** @param {string} key */
export function optionName(key) {
  return wordsOr(OPTION_WORDS[key]?.name, key);
}

/**
 * @param {string} key
 * @param {string} value
 */
export function optionValue(key, value) {
  // Values that are numbers: the first seat, plies of delay.
  if (key === 'first' && /^\d+$/.test(value)) return t('web-option-first-seat', { seat: Number(value) });
  if (key === 'spectator-delay' && /^\d+$/.test(value)) {
    return value === '0' ? t('web-option-spectator-delay-live') : t('web-option-spectator-delay-plies', { count: Number(value) });
  }
  return wordsOr(OPTION_WORDS[key]?.values?.[value], value);
}

/**
 * A room's options in words (`How stones slide: Per direction`).
 * @param {Record<string, string>} options
 */
export function describeOptions(options) {
  const pairs = Object.entries(options).map(([k, v]) => t('web-option-pair', { name: optionName(k), value: optionValue(k, v) }));
  return pairs.length ? pairs.join(', ') : t('web-option-standard');
}

/**
 * How the table ended a game or a room (`state.ended.how`), each in its
 * own sentence: `by` is the seat it names in words (`Ann (white)`),
 * `won` the winners, `owner` the room's owner.
 * @type {Record<import('./wire.js').EndHow, (w: {by: string, won: string, owner: string}) => string>}
 */
const TABLE_ENDS = {
  resigned: ({ by }) => t('web-end-resigned', { by }),
  out_of_time: ({ by }) => t('web-end-out-of-time', { by }),
  claimed: ({ by, won }) => (won ? t('web-end-claimed', { by, won }) : t('web-end-claimed-others', { by })),
  draw_agreed: () => t('web-end-draw-agreed'),
  aborted: ({ by }) => t('web-end-aborted', { by }),
  closed: ({ owner }) => (owner ? t('web-end-closed', { owner }) : t('web-end-closed-owner')),
  abandoned: () => t('web-end-abandoned'),
  expired: () => t('web-end-expired'),
};

/**
 * How the board ended a game (the reasons of the result line), each in its
 * own sentence: `m` holds the reason's numbers or colours, `won` the
 * winners, `lost` the others.
 * @type {[RegExp, (w: {won: string, lost: string, m: RegExpExecArray}) => string][]}
 */
const BOARD_ENDS = [
  [/^four in a row$/, ({ won }) => t('web-end-four-in-a-row', { won })],
  [/^all (\d+) pieces on the far row$/, ({ won, m }) => t('web-end-all-far-row', { won, count: Number(m[1]) })],
  [/^ahead on the far row, (\d+) to (\d+)$/, ({ won, lost, m }) => t('web-end-ahead-far-row', { won, lost, ahead: Number(m[1]), behind: Number(m[2]) })],
  [/^\w+ cannot complete a move$/, ({ lost }) => t('web-end-cannot-move', { lost })],
  [/^king captured$/, ({ won, lost }) => t('web-end-king-captured', { won, lost })],
  [/^\w+'s king captured a trap$/, ({ lost }) => t('web-end-king-trapped', { lost })],
  [/^king on the centre$/, ({ won }) => t('web-end-king-centre', { won })],
  [/^two-king race$/, ({ won }) => t('web-end-two-king-race', { won })],
  [/^threefold repetition$/, () => t('web-end-repetition')],
  [/^neither side can move$/, () => t('web-end-neither-can-move')],
  [/^agreed$/, () => t('web-end-agreed')],
  [/^resignation$/, ({ lost }) => t('web-end-resigned', { by: lost })],
  [/^on time$/, ({ lost }) => t('web-end-out-of-time', { by: lost })],
  [/^all passed$/, () => t('web-end-all-passed')],
  [/^agreed end$/, () => t('web-end-agreed-end')],
  [
    /^((?:red|blue|yellow) \d+(?: \(out\))?(?:, (?:red|blue|yellow) \d+(?: \(out\))?)*)$/,
    ({ m }) => t('web-end-scores', { scores: m[1].replace(/red|blue|yellow/g, colorName).replace(/\(out\)/g, () => t('web-end-out')) }),
  ],
  [/^the tie goes to (\w+), who played last$/, ({ m }) => t('web-end-tie-goes-to', { color: colorName(m[1]) })],
  [/^a tie, and no tied side has taken a turn$/, () => t('web-end-tie-draw')],
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
  const won = andList(winners);
  const lost = outcome && outcome.winners.length ? andList(st.seats.filter((x) => !outcome.winners.includes(x.seat)).map((x) => who(x.seat))) : '';
  const head = !outcome ? t('web-end-no-result') : winners.length === 0 ? t('web-end-a-draw') : t('web-end-wins', { won, count: winners.length });
  const parts = [];
  if (ended) {
    const by = ended.seat === undefined ? '' : who(ended.seat);
    parts.push(TABLE_ENDS[ended.how]({ by, won, owner: st.owner?.name ?? '' }));
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

/**
 * A bot level's name and how it plays, in the page's language (the server
 * sends them in English; a level the catalogue does not know keeps the
 * server's words).
 * @param {import('./wire.js').BotInfo} bot
 */
export function botLevel(bot) {
  return {
    name: t('web-bot-level-name', { level: bot.level, name: bot.name }),
    description: t('web-bot-level-about', { level: bot.level, description: bot.description }),
  };
}

/** What each room option does, by its key. */
const OPTION_HELP = /** @type {Record<string, string>} */ ({
  'move-rule': 'web-option-help-move-rule',
  'repetition': 'web-option-help-repetition',
  'setup': 'web-option-help-setup',
  'trap-victims': 'web-option-help-trap-victims',
  'players': 'web-option-help-players',
  'solo': 'web-option-help-solo',
  'board': 'web-option-help-board',
  'timer': 'web-option-help-timer',
  'first': 'web-option-help-first',
  'clock': 'web-option-help-clock',
  'absent': 'web-option-help-absent',
  'chat': 'web-option-help-chat',
  'rated': 'web-option-help-rated',
  'rated-bots': 'web-option-help-rated-bots',
  'spectators': 'web-option-help-spectators',
  'spectator-delay': 'web-option-help-spectator-delay',
  'weekends': 'web-option-help-weekends',
  'berserk': 'web-option-help-berserk',
});

/**
 * What a room option does, in the page's language (the server's English
 * words for an option the catalogue does not know).
 * @param {string} key
 * @param {string} help the server's words
 */
export function optionHelp(key, help) {
  return wordsOr(OPTION_HELP[key], help);
}

/** The typed-move box's example, in each game's notation. */
const TYPED_HINTS = /** @type {Record<string, string>} */ ({
  magneton: 'web-typed-hint-magneton',
  magnetism: 'web-typed-hint-magnetism',
  magnet: 'web-typed-hint-magnet',
  magma: 'web-typed-hint-magma',
});

/** @param {string} game */
export function typedHint(game) {
  return wordsOr(TYPED_HINTS[game], '');
}
