/** @file The room page: seats (names, colours, teams, who is connected, who owns the room), joining, leaving and starting, the owner's controls (bots, kick, close), then the game: board, turn, clock, moves (the last with what it did), scores, result and the record; resign, draw offers and abort; stepping back through the game (the server's `replay` of a ply, as this viewer saw it) with buttons, arrow keys and the move list, and a link to the position shown (`#/room/<id>/ply/<n>`). */

import { fill, h, s, say, sayError } from './dom.js';
import { createBoard } from './boards/index.js';
import { confirmEveryMove, onSettings, settings, settingsForm } from './settings.js';
import { gameName, rulesButton } from './rules.js';
import { actionWords, describeOptions, effectWords, resultWords } from './words.js';
import { reducedMotion } from './boards/effects.js';
import { scoreTable } from './boards/magma.js';
import { turnSignals } from './signals.js';
import { fetchGames } from './lobby.js';
import { chatPanel } from './chat.js';
import { playerLink } from './players.js';

/** @typedef {import('./app.js').Session} Session */
/** @typedef {import('./app.js').View} View */
/** @typedef {import('./protocol.js').RoomState} RoomState */
/** @typedef {import('./protocol.js').SeatState} SeatState */
/** @typedef {import('./boards/index.js').Board} Board */

/**
 * Colours that stay apart for colour-blind eyes (Okabe and Ito), by the
 * colour names the server gives seats; letters on every badge carry the
 * same information without colour.
 */
const PALETTE = /** @type {Record<string, string>} */ ({
  white: '#f4f1ea',
  black: '#26231f',
  red: '#d55e00',
  blue: '#0072b2',
  green: '#009e73',
  yellow: '#f0e442',
  orange: '#e69f00',
  purple: '#cc79a7',
  pink: '#cc79a7',
  sky: '#56b4e9',
});

/**
 * The CSS colour of a seat colour name.
 * @param {string} name
 */
export function colorOf(name) {
  return PALETTE[name] ?? name;
}

/**
 * A round badge in the seat's colour with the first letter of its name.
 * @param {SeatState} seat
 */
function badge(seat) {
  const dark = ['black', 'blue', 'red', 'green', 'purple'].includes(seat.color);
  return s(
    'svg',
    { class: 'badge', viewBox: '0 0 20 20', width: 20, height: 20, 'aria-hidden': 'true' },
    s('circle', { cx: 10, cy: 10, r: 9, fill: colorOf(seat.color), stroke: '#555', 'stroke-width': 1.5 }),
    s(
      'text',
      { x: 10, y: 14, 'text-anchor': 'middle', 'font-size': 11, fill: dark ? '#fff' : '#000' },
      seat.color.slice(0, 1).toUpperCase(),
    ),
  );
}

/** `1` → `1st`. @param {number} n */
function ordinal(n) {
  return `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}

/** `m:ss`, `h:mm:ss`, or `2d 5h` for a correspondence clock. @param {number} ms */
function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  if (total >= 86_400) return `${Math.floor(total / 86_400)}d ${Math.floor((total % 86_400) / 3600)}h`;
  if (total >= 3600) return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return `${Math.floor(total / 60)}:${pad(total % 60)}`;
}

/**
 * A seat in words: its player and colour (`Ann (red)`), or its colour
 * alone while nobody sits there.
 * @param {SeatState | undefined} seat
 */
export function seatWords(seat) {
  if (!seat) return 'nobody';
  return seat.player ? `${playerName(seat)} (${seat.color})` : `the ${seat.color} seat`;
}

/**
 * The name a seat's player is shown by: its name, told apart from another
 * player of the same name in the room (`Ann (2)`) as the server says.
 * @param {SeatState} seat
 */
export function playerName(seat) {
  return seat.shown_as ?? seat.player?.name ?? '';
}

/**
 * What the server says an offered action risks (`play.risks[action]`: it
 * loses at once, or lets an opponent win on the spot when another offered
 * action would not), in words; null if nothing.
 * @param {import('./protocol.js').PlayState | null | undefined} play
 * @param {string} action
 */
export function warningFor(play, action) {
  const risks = play?.risks;
  if (!risks) return null;
  const found = risks[action] ?? risks[action.split('+')[0].trim()];
  if (found === 'loses') return 'This move loses the game at once.';
  if (found === 'allows-win') return 'After this move your opponent can win on the spot.';
  return null;
}

/**
 * @param {Session} session
 * @param {string} roomId
 * @param {string | null} invite
 * @param {number | null} [startPly] the position to show first (`#/room/<id>/ply/<n>`); the latest if null
 * @returns {View}
 */
export function roomView(session, roomId, invite, startPly = null) {
  const title = h('h2', { class: 'room-title' }, 'Room');
  const inviteBox = h('div', { class: 'invite' });
  const inviteDetails = h('details', { class: 'invite-box' }, h('summary', {}, 'Invite a friend'), inviteBox);
  const seatsList = h('ul', { class: 'seats', id: 'seats' });
  const seatActions = h('div', { class: 'row seat-actions' });
  const turn = h('p', { class: 'turn', id: 'turn' });
  const statusClock = h('span', { class: 'status-clock', id: 'status-clock' });
  const answer = h('div', { class: 'answer', id: 'answer' });
  // What the last action did, said once to screen readers when it arrives
  // (the eye has the board's marks and the move list).
  const lastSaid = h('span', { class: 'visually-hidden', id: 'last-said' });
  const status = h('div', { class: 'status-bar', id: 'status', role: 'status', 'aria-live': 'polite' }, turn, statusClock, answer, lastSaid);
  const banner = h('section', { class: 'result', id: 'result', 'aria-labelledby': 'result-h', hidden: true });
  const boardHost = h('div', { class: 'board-host', id: 'board' });
  const boardInfo = h('div', { class: 'board-info' });
  const controls = h('div', { class: 'controls', id: 'controls' });
  // Stepping through the game: the position shown is the replay of a ply
  // (the server's view of it for this viewer) or the live one.
  const replayAt = h('span', { class: 'replay-at', id: 'replay-at', 'aria-live': 'polite' });
  /**
   * @param {string} id
   * @param {string} label
   * @param {string} icon
   * @param {boolean} after the icon after the words
   */
  const stepButton = (id, label, icon, after) =>
    h(
      'button',
      { type: 'button', id, class: 'step' },
      after ? null : h('span', { 'aria-hidden': 'true' }, `${icon} `),
      h('span', { class: 'step-label' }, label),
      after ? h('span', { 'aria-hidden': 'true' }, ` ${icon}`) : null,
    );
  const replayFirst = stepButton('replay-first', 'First', '«', false);
  const replayBack = stepButton('replay-back', 'Back', '◀', false);
  const replayForward = stepButton('replay-forward', 'Forward', '▶', true);
  const replayLast = stepButton('replay-last', 'Last', '»', true);
  const replayLink = h('a', { id: 'replay-link', class: 'replay-link', href: `#/room/${roomId}` }, 'Link to this position');
  const replayBar = h(
    'nav',
    { class: 'row replay-bar', id: 'replay', 'aria-label': 'Step through the game', hidden: true },
    replayFirst,
    replayBack,
    replayAt,
    replayForward,
    replayLast,
    replayLink,
  );
  const tableActions = h('div', { class: 'row table-actions', id: 'table-actions' });
  const typedInput = h('input', { id: 'typed', list: 'legal-list', autocomplete: 'off', placeholder: 'e.g. D4' });
  const legalList = h('datalist', { id: 'legal-list' });
  const typedForm = h(
    'form',
    { class: 'row typed', id: 'typed-form', hidden: true },
    h('label', { for: 'typed' }, 'Type a move'),
    typedInput,
    legalList,
    h('button', { type: 'submit' }, 'Play'),
  );
  const moves = h('ol', { class: 'moves', id: 'moves', tabindex: 0, 'aria-labelledby': 'moves-h' });
  const chat = chatPanel(session, roomId);
  const recordButton = h('button', { type: 'button', id: 'record' }, 'Download record');
  const confirmText = h('p', { id: 'confirm-text' });
  const confirmWarning = h('p', { class: 'warning', id: 'confirm-warning', hidden: true });
  const confirmYes = h('button', { type: 'button', class: 'play', id: 'confirm-yes' }, 'Play it');
  const confirmNo = h('button', { type: 'button', id: 'confirm-no' }, 'Cancel');
  const confirmSheet = h(
    'div',
    { class: 'confirm-sheet', id: 'confirm', role: 'dialog', 'aria-labelledby': 'confirm-text', hidden: true },
    confirmWarning,
    confirmText,
    h('div', { class: 'row' }, confirmYes, confirmNo),
  );

  const element = h(
    'div',
    { class: 'room' },
    h(
      'div',
      { class: 'room-head' },
      h('a', { href: '#/', class: 'back' }, '← Lobby'),
      title,
      rulesButton(() => state?.game ?? '', 'room-rules'),
      settingsForm('room-settings'),
      inviteDetails,
    ),
    h(
      'div',
      { class: 'room-body' },
      h('div', { class: 'play-area' }, status, banner, boardHost, replayBar, controls, typedForm, tableActions),
      h(
        'aside',
        { class: 'side' },
        h('section', { 'aria-labelledby': 'seats-h' }, h('h3', { id: 'seats-h' }, 'Seats'), seatsList, seatActions),
        boardInfo,
        h('section', { 'aria-labelledby': 'moves-h' }, h('h3', { id: 'moves-h' }, 'Moves'), moves, recordButton),
        chat.element,
      ),
    ),
    confirmSheet,
  );

  /** @type {RoomState | null} */
  let state = null;
  let version = -1;
  /**
   * The position shown instead of the live one: a ply (0 = the start)
   * and the room as the server's `replay` showed it to us then.
   * @type {{ply: number, state: RoomState, revealed: boolean} | null}
   */
  let replay = null;
  /** Answers already had, by ply (a past ply does not change until the game ends and everything is revealed). */
  /** @type {Map<number, {state: RoomState, revealed: boolean}>} */
  const replays = new Map();
  /** The latest replay asked for: older answers are dropped. */
  let replayAsked = 0;
  /** Whether the board's next update may animate (not when jumping about). */
  let animateNext = true;
  /** The position the address asked for, shown once the room is known. */
  let wantedPly = startPly;
  /** @type {Board | null} */
  let board = null;
  /** When the latest clock reading arrived (performance.now()). */
  let clockAt = 0;
  const ticker = setInterval(tickClock, 250);
  const signals = turnSignals();
  /** @type {string | null} the action waiting for a "yes" */
  let pending = null;
  /** @type {(() => void) | null} a request (resign, abort, close) waiting for a "yes" */
  let pendingCall = null;
  /** @type {Element | null} */
  let focusBefore = null;
  /** The level of the next bot added (the server's default until chosen). */
  let botLevel = 'greedy';
  /** @type {Map<string, import('./wire.js').BotInfo[]>} each game's bot levels, from `/api/games` */
  const botLevels = new Map();
  fetchGames().then(
    (games) => {
      for (const g of games) botLevels.set(g.game, g.bots);
      if (state) renderSeats(state);
    },
    // Without the list the button still adds the default bot.
    () => {},
  );

  /** @param {string} action */
  async function act(action) {
    try {
      await session.connection.request({ type: 'act', room: roomId, action });
    } catch (error) {
      sayError(error);
    }
  }

  /**
   * Plays an action, after a "yes" when the server warns that it loses
   * (always) or when every move is to be confirmed (a setting; not for a
   * deliberate move: typed, or sent with a "Play …" button, nor a confirmed
   * Magnet setup).
   * @param {string} action
   * @param {{deliberate?: boolean}} [how]
   */
  function playAction(action, how = {}) {
    const warning = warningFor(state?.play, action);
    const ask = warning !== null || (confirmEveryMove() && !how.deliberate && !/^setup /i.test(action));
    if (!ask) {
      act(action);
      return;
    }
    pending = action;
    focusBefore = document.activeElement;
    confirmText.textContent = `${warning ? 'Play it anyway' : 'Play this move'}: ${actionWords(state?.game ?? '', action)} (${action})?`;
    confirmWarning.textContent = warning ? `⚠ ${warning}` : '';
    confirmWarning.hidden = warning === null;
    confirmSheet.classList.toggle('danger', warning !== null);
    confirmSheet.hidden = false;
    (warning ? confirmNo : confirmYes).focus();
  }

  /**
   * Asks for a "yes" before `then` (resigning, aborting, closing the room).
   * @param {string} question
   * @param {string} yes the button's words
   * @param {() => void} then
   */
  function askFirst(question, yes, then) {
    pending = null;
    pendingCall = then;
    focusBefore = document.activeElement;
    confirmText.textContent = question;
    confirmWarning.hidden = true;
    confirmYes.textContent = yes;
    confirmSheet.classList.add('danger');
    confirmSheet.hidden = false;
    confirmNo.focus();
  }

  function closeConfirm() {
    const wasOpen = !confirmSheet.hidden;
    pending = null;
    pendingCall = null;
    confirmYes.textContent = 'Play it';
    confirmSheet.hidden = true;
    if (wasOpen && focusBefore instanceof HTMLElement || focusBefore instanceof SVGElement) {
      if (focusBefore.isConnected) focusBefore.focus();
    }
    focusBefore = null;
  }

  confirmYes.addEventListener('click', () => {
    const action = pending;
    const call = pendingCall;
    closeConfirm();
    if (action) act(action);
    if (call) call();
  });
  confirmNo.addEventListener('click', closeConfirm);
  confirmSheet.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeConfirm();
  });

  /** @param {import('./protocol.js').Request} message */
  async function send(message) {
    try {
      await session.connection.request(message);
    } catch (error) {
      sayError(error);
    }
  }

  typedForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = typedInput.value.trim().toLowerCase().replace(/\s+/g, ' ');
    const legal = state?.play?.legal ?? [];
    let match = legal.find((a) => a.toLowerCase() === text);
    // Magnet: an offered turn plus promotions the server allows for it.
    const [base, plus] = text.split(/\s*\+\s*/);
    const offer = plus === undefined ? undefined : legal.find((a) => a.toLowerCase() === base);
    const allowed = offer ? state?.play?.promotions?.[offer] ?? [] : [];
    const wanted = plus ? plus.toUpperCase().split(/[\s,]+/).filter(Boolean) : [];
    if (!match && offer && wanted.length && wanted.every((v) => allowed.includes(v))) {
      match = `${offer} +${allowed.filter((v) => wanted.includes(v)).join(',')}`;
    }
    if (!match) {
      say(`"${typedInput.value}" is not one of your legal moves now.`, 'error');
      return;
    }
    typedInput.value = '';
    playAction(match, { deliberate: true });
  });

  recordButton.addEventListener('click', async () => {
    const query = invite ? `?invite=${encodeURIComponent(invite)}` : '';
    const token = session.token();
    try {
      const response = await fetch(`/api/rooms/${roomId}/record${query}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(`The record is not available (HTTP ${response.status}).`);
      const text = await response.text();
      const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
      const link = h('a', { href: url, download: `lodestone-${state?.game ?? 'game'}-${roomId.slice(0, 8)}.txt` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      sayError(error);
    }
  });

  /**
   * The clocks, counting down locally from the server's last reading:
   * Magma's turn timer (`play.clock`) and the room's clock of each seat
   * (`play.clocks`), beside each seat and, for the seat to act, in the
   * status bar.
   */
  function tickClock() {
    const clock = state?.play?.clock;
    const clocks = state?.play?.clocks ?? [];
    const shown = element.querySelectorAll('[data-clock]');
    const elapsed = performance.now() - clockAt;
    /** @param {number} seat */
    const forWhom = (seat) => (seat === state?.you ? 'for you' : `for ${seatWords(state?.seats[seat])}`);
    let status = '';
    let statusLow = false;
    if (clock) {
      const left = clock.remaining_ms - elapsed;
      status = `${clockText(left)} left ${forWhom(clock.seat)}`;
      statusLow = left < 10_000;
    } else {
      const running = clocks.filter((c) => c.running);
      status = running.map((c) => `${clockText(c.remaining_ms - elapsed)} left ${forWhom(c.seat)}`).join(', ');
      statusLow = running.some((c) => c.remaining_ms - elapsed < 10_000);
    }
    statusClock.textContent = status;
    statusClock.classList.toggle('low', statusLow);
    for (const el of shown) {
      const seat = Number(/** @type {HTMLElement} */ (el).dataset.clock);
      const own = clocks.find((c) => c.seat === seat);
      const parts = [];
      let low = false;
      if (own) {
        const left = own.running ? own.remaining_ms - elapsed : own.remaining_ms;
        parts.push(clockText(left));
        low = own.running && left < 10_000;
      }
      if (clock && clock.seat === seat) {
        const left = clock.remaining_ms - elapsed;
        parts.push(own ? `turn ${clockText(left)}` : clockText(left));
        low ||= left < 10_000;
      }
      el.textContent = parts.join(' · ');
      el.classList.toggle('low', low);
      el.classList.toggle('running', own?.running === true);
    }
  }

  function inviteLink() {
    const code = state?.invite ?? invite;
    return `${location.origin}/#/room/${roomId}${code ? `?invite=${code}` : ''}`;
  }

  /** @param {number} seat */
  const who = (seat) => seatWords(state?.seats[seat]);
  /** @param {number} seat */
  const nameOf = (seat) => {
    const s = state?.seats[seat];
    return s?.player ? playerName(s) : `the ${s?.color ?? '?'} seat`;
  };
  /** Whether we own the room shown. @param {RoomState} st */
  const owning = (st) => st.owner !== undefined && st.owner.id === session.guest?.id;

  /** @param {RoomState} st */
  function render(st) {
    title.textContent = `${gameName(st.game)} · ${describeOptions(st.options)}${st.public ? '' : ' · private'}`;
    if (st.invite && !invite) invite = st.invite;
    const link = inviteLink();
    fill(
      inviteBox,
      h('span', {}, 'Invite link: '),
      h('code', { id: 'invite-url' }, link),
      ' ',
      h(
        'button',
        {
          type: 'button',
          onclick: () => navigator.clipboard?.writeText(link).then(() => say('Link copied.'), () => say(link)),
        },
        'Copy',
      ),
    );
    if (st.status === 'open' && !inviteDetails.dataset.shown) {
      inviteDetails.open = true;
      inviteDetails.dataset.shown = 'yes';
    }
    renderSeats(st);
    renderTurn(st);
    renderDrawOffer(st);
    renderTableActions(st);
    renderMoves(st);
    renderReplayBar();
    chat.update(st);
    sayLast(st);
    const play = st.play;
    if (pending && !(play?.legal ?? []).includes(pending.split('+')[0].trim())) closeConfirm();
    if (play) {
      if (!board) {
        board = createBoard(st.game);
        fill(boardHost, board.element);
        fill(controls, board.controls);
        fill(boardInfo, board.info);
      }
      const animate = settings().animate && !reducedMotion() && animateNext;
      animateNext = true;
      const past = replay?.state;
      if (past?.play) {
        // A past position: drawn by the same code, with nothing to play.
        board.update({
          state: past,
          play: { ...past.play, to_act: [], legal: [] },
          legal: [],
          you: past.you,
          act: () => {},
          turnBoard: settings().turnBoard,
          narrow: narrowScreen.matches,
          animate,
          who,
          name: nameOf,
        });
      } else {
        board.update({
          state: st,
          play,
          legal: play.legal,
          you: st.you,
          act: (action, how) => playAction(action, how),
          turnBoard: settings().turnBoard,
          narrow: narrowScreen.matches,
          animate,
          who,
          name: nameOf,
        });
      }
      boardHost.classList.toggle('past', Boolean(past));
    } else if (st.status === 'closed') {
      fill(boardHost, h('p', { class: 'hint' }, 'This room is closed. ', h('a', { href: '#/' }, 'Back to the lobby')));
    } else {
      fill(boardHost, h('p', { class: 'hint' }, 'The board appears when the game starts.'));
    }
    const legal = replay ? [] : play?.legal ?? [];
    typedForm.hidden = legal.length === 0;
    fill(legalList, ...legal.slice(0, 500).map((a) => h('option', { value: a })));
    recordButton.hidden = !play;
    signals.show({
      game: gameName(st.game),
      yourTurn: st.status === 'playing' && st.you !== null && (play?.to_act ?? []).includes(st.you) && !play?.outcome,
    });
    tickClock();
  }

  const narrowScreen = matchMedia('(max-width: 40rem)');
  const redraw = () => {
    if (state) render(state);
  };
  narrowScreen.addEventListener('change', redraw);
  const stopSettings = onSettings(redraw);

  /** @param {RoomState} st */
  function renderSeats(st) {
    const levels = botLevels.get(st.game) ?? [];
    const owner = owning(st);
    const open = st.status === 'open';
    fill(seatsList);
    const teams = new Set(st.seats.map((x) => x.team)).size < st.seats.length;
    for (const seat of st.seats) {
      const you = st.you === seat.seat;
      const toAct = st.play?.to_act.includes(seat.seat) && st.status === 'playing';
      const item = h(
        'li',
        { class: `seat${you ? ' you' : ''}${toAct ? ' to-act' : ''}`, 'data-seat': seat.seat },
        badge(seat),
        h('span', { class: 'seat-name' }, /^\d+$/.test(seat.name) ? `${seat.color} · plays ${ordinal(Number(seat.name))}` : seat.name),
        teams ? h('span', { class: 'team' }, `team ${seat.team + 1}`) : null,
        h('span', { class: 'player' }, seat.player ? playerLink(seat.player.id, playerName(seat)) : '— free —'),
        you ? h('span', { class: 'tag' }, 'you') : null,
        seat.bot || seat.bot_account ? h('span', { class: 'tag' }, 'bot') : null,
        seat.player && st.owner?.id === seat.player.id ? h('span', { class: 'tag owner-tag' }, 'owner') : null,
        seat.player
          ? h(
              'span',
              { class: `presence ${seat.connected ? 'on' : 'off'}`, title: seat.connected ? 'connected' : 'not connected' },
              seat.connected ? '● online' : seat.absent ? '○ absent' : '○ away',
            )
          : null,
        h('span', { class: 'clock', 'data-clock': seat.seat }),
        toAct ? h('span', { class: 'tag to-act-tag' }, '◀ to act') : null,
      );
      if (st.status === 'open' && !seat.player && st.you === null) {
        item.append(
          h(
            'button',
            {
              type: 'button',
              class: 'sit',
              'data-sit': seat.name,
              onclick: () => send({ type: 'join', room: roomId, seat: seat.seat, invite }),
            },
            'Sit here',
          ),
        );
      }
      if (open && owner && seat.player && seat.bot) {
        item.append(
          h(
            'button',
            {
              type: 'button',
              class: 'remove-bot',
              'data-remove-bot': seat.name,
              onclick: () => send({ type: 'remove_bot', room: roomId, seat: seat.seat }),
            },
            'Remove bot',
          ),
        );
      } else if (open && owner && seat.player && !you) {
        const kicked = playerName(seat);
        item.append(
          h(
            'button',
            {
              type: 'button',
              class: 'kick',
              'data-kick': seat.name,
              onclick: () =>
                askFirst(`Free ${kicked}'s seat? They can still watch.`, 'Free the seat', () =>
                  send({ type: 'kick', room: roomId, seat: seat.seat }),
                ),
            },
            'Free seat',
          ),
        );
      }
      // Only the room's owner seats bots.
      if (open && owner && !seat.player) {
        // The level chosen in any seat's menu holds for every seat.
        const menu = levels.length
          ? h(
              'select',
              {
                class: 'bot-level',
                'data-bot-level': seat.name,
                'aria-label': 'How strong a bot',
                onchange: (e) => {
                  botLevel = /** @type {HTMLSelectElement} */ (e.target).value;
                },
              },
              ...levels.map((b) =>
                h('option', { value: b.level, selected: b.level === botLevel }, `${b.name}: ${b.description}`),
              ),
            )
          : null;
        item.append(
          h(
            'button',
            {
              type: 'button',
              class: 'bot',
              'data-bot': seat.name,
              title: 'A computer player takes this seat',
              onclick: () => send({ type: 'add_bot', room: roomId, seat: seat.seat, level: botLevel, invite }),
            },
            'Add a bot',
          ),
          menu ?? '',
        );
      }
      seatsList.append(item);
    }
    fill(seatActions);
    if (st.owner && !st.seats.some((x) => x.player?.id === st.owner?.id)) {
      seatActions.append(h('p', { class: 'hint owner-line' }, owner ? 'You own this room.' : `${st.owner.name} owns this room.`));
    }
    if (open && owner) {
      seatActions.append(
        h(
          'button',
          {
            type: 'button',
            id: 'close-room',
            onclick: () =>
              askFirst('Close this room for good? Everyone in it loses their seat.', 'Close the room', () =>
                send({ type: 'close_room', room: roomId }),
              ),
          },
          'Close room',
        ),
      );
    }
    if (st.status === 'open' && st.you !== null) {
      seatActions.append(
        h('button', { type: 'button', id: 'leave', onclick: () => send({ type: 'leave', room: roomId }) }, 'Leave seat'),
      );
      const full = st.seats.every((x) => x.player);
      seatActions.append(
        h(
          'button',
          { type: 'button', id: 'start', disabled: !full, onclick: () => send({ type: 'start', room: roomId }) },
          full ? 'Start the game' : 'Start (waiting for every seat)',
        ),
      );
    }
  }

  /** @param {RoomState} st */
  function renderTurn(st) {
    const play = st.play;
    turn.className = 'turn';
    banner.hidden = true;
    fill(answer);
    if (st.status === 'closed') {
      turn.textContent = 'This room is closed: its owner closed it, or the game was aborted or abandoned.';
      return;
    }
    if (st.status === 'open') {
      const taken = st.seats.filter((x) => x.player).length;
      turn.textContent =
        taken < st.seats.length
          ? `Waiting for players: ${taken} of ${st.seats.length} seats taken.`
          : 'Every seat is taken: any player may start.';
      return;
    }
    if (!play) return;
    if (play.outcome) {
      renderSummary(st, play);
      turn.textContent = 'The game is over.';
      return;
    }
    const yours = st.you !== null && play.to_act.includes(st.you);
    const names = play.to_act.map(who);
    const phase = st.game === 'magma' ? /** @type {import('./wire.js').MagmaBoard} */ (play.board).phase : null;
    if (phase?.kind === 'vote') {
      const proposer = who(phase.proposer);
      if (yours) {
        turn.classList.add('your-turn');
        turn.textContent = `${proposer} proposes to end the game. Do you agree?`;
        answer.append(
          h('button', { type: 'button', class: 'answer-yes', 'data-answer': 'end!', onclick: () => playAction('end!', { deliberate: true }) }, 'Agree to end'),
          h('button', { type: 'button', class: 'answer-no', 'data-answer': 'end-', onclick: () => playAction('end-', { deliberate: true }) }, 'Refuse, play on'),
        );
      } else {
        turn.textContent = `${proposer} proposes to end the game; waiting for ${names.join(', ')} to answer.`;
      }
      return;
    }
    if (phase?.kind === 'penalty') {
      const late = who(phase.late);
      if (yours) {
        turn.classList.add('your-turn');
        turn.textContent = `${late} ran out of time: tap one of the ${phase.color} pieces to remove it.`;
      } else {
        turn.textContent = `${late} ran out of time; waiting for ${names.join(', ')} to remove one of the ${phase.color} pieces.`;
      }
      return;
    }
    if (yours) {
      turn.classList.add('your-turn');
      turn.textContent = play.to_act.length > 1 ? 'Your turn (the others choose at the same time).' : 'Your turn.';
    } else {
      turn.textContent = `${st.you === null ? 'Watching. ' : ''}Waiting for ${names.join(' and ') || 'nobody'}.`;
    }
  }

  /**
   * A waiting draw offer, in the status bar: the other side may accept or
   * decline it; the offerer sees that it waits.
   * @param {RoomState} st
   */
  function renderDrawOffer(st) {
    const offer = st.play?.draw_offer;
    if (offer === undefined || offer === null || st.status !== 'playing') return;
    if (offer === st.you) {
      answer.append(h('span', { class: 'draw-offer', id: 'draw-waiting' }, 'Your draw offer waits for an answer.'));
      return;
    }
    answer.append(h('span', { class: 'draw-offer', id: 'draw-offered' }, `${who(offer)} offers a draw.`));
    if (st.you === null) return;
    answer.append(
      h('button', { type: 'button', id: 'draw-accept', onclick: () => send({ type: 'answer_draw', room: roomId, accept: true }) }, 'Accept the draw'),
      h('button', { type: 'button', id: 'draw-decline', onclick: () => send({ type: 'answer_draw', room: roomId, accept: false }) }, 'Decline'),
    );
  }

  /**
   * A seated player's buttons during the game: offer a draw (not in
   * Magma, which votes to end), resign, and abort while some seat has not
   * moved yet (the server has the last word: it answers `too-late`).
   * @param {RoomState} st
   */
  function renderTableActions(st) {
    fill(tableActions);
    if (renderRematch(st)) return;
    const play = st.play;
    if (st.status !== 'playing' || st.you === null || !play || play.outcome) return;
    if (st.game !== 'magma' && (play.draw_offer === undefined || play.draw_offer === null)) {
      tableActions.append(
        h('button', { type: 'button', id: 'offer-draw', onclick: () => send({ type: 'offer_draw', room: roomId }) }, 'Offer a draw'),
      );
    }
    tableActions.append(
      h(
        'button',
        {
          type: 'button',
          id: 'resign',
          onclick: () => askFirst('Resign this game? It counts as a loss.', 'Resign', () => send({ type: 'resign', room: roomId })),
        },
        'Resign',
      ),
    );
    // The room lets the others claim the game from an absent player on
    // its turn.
    const absentToAct = play.to_act.filter((i) => i !== st.you && st.seats[i]?.absent);
    if (st.options.absent === 'claim' && absentToAct.length > 0) {
      tableActions.append(
        h(
          'button',
          {
            type: 'button',
            id: 'claim',
            onclick: () =>
              askFirst(`Claim the game? ${absentToAct.map(who).join(' and ')} will lose as if out of time.`, 'Claim', () =>
                send({ type: 'claim', room: roomId }),
              ),
          },
          'Claim the game',
        ),
      );
    }
    // Secret actions (setups, a secret magnet) are not first moves.
    const moved = new Set(play.moves.filter((m) => m.commitment === undefined).map((m) => m.seat));
    if (st.seats.some((x) => !moved.has(x.seat))) {
      tableActions.append(
        h(
          'button',
          {
            type: 'button',
            id: 'abort',
            onclick: () =>
              askFirst('Abort this game? It ends without a result and the room closes.', 'Abort the game', () =>
                send({ type: 'abort', room: roomId }),
              ),
          },
          'Abort',
        ),
      );
    }
  }

  /** @type {string | null} the rematch's room, once this page went there */
  let movedTo = null;

  /**
   * After the end: propose, accept or decline a rematch, and go to its
   * room once every seat has accepted (spectators follow a public room's
   * rematch too). Returns whether the game is over.
   * @param {RoomState} st
   */
  function renderRematch(st) {
    if (st.status !== 'finished') return false;
    const rematch = st.rematch;
    if (rematch?.room) {
      if (movedTo === null && (st.you !== null || st.public)) {
        movedTo = rematch.room;
        location.hash = `#/room/${rematch.room}`;
      }
      return true;
    }
    const accepted = rematch?.accepted ?? [];
    if (st.you === null) {
      if (accepted.length) tableActions.append(h('p', { class: 'hint', id: 'rematch-status' }, `${who(accepted[0])} proposes a rematch.`));
      return true;
    }
    const rematchButton = (/** @type {string} */ id, /** @type {string} */ label, accept = true) =>
      h('button', { type: 'button', id, onclick: () => send({ type: 'rematch', room: roomId, accept }) }, label);
    if (accepted.length === 0) {
      tableActions.append(rematchButton('rematch', 'Rematch'));
    } else if (accepted.includes(st.you)) {
      const waiting = st.seats.filter((x) => !accepted.includes(x.seat)).map((x) => who(x.seat));
      tableActions.append(
        h('p', { id: 'rematch-status' }, `Rematch proposed: waiting for ${waiting.join(' and ')}.`),
        rematchButton('rematch-decline', 'Withdraw', false),
      );
    } else {
      tableActions.append(
        h('p', { id: 'rematch-status' }, `${who(accepted[0])} proposes a rematch.`),
        rematchButton('rematch-accept', 'Accept the rematch'),
        rematchButton('rematch-decline', 'Decline', false),
      );
    }
    return true;
  }

  /**
   * The end of the game: who won and why, in words; Magma's score table;
   * the board marks the winning line or pieces.
   * @param {RoomState} st
   * @param {import('./protocol.js').PlayState} play
   */
  function renderSummary(st, play) {
    const outcome = /** @type {import('./protocol.js').OutcomeState} */ (play.outcome);
    const won = st.you !== null && outcome.winners.includes(st.you);
    const lost = st.you !== null && outcome.winners.length > 0 && !won;
    const { reasons } = resultWords(outcome.result);
    const winners = [...new Set(outcome.winners.map(who))];
    const head = outcome.winners.length === 0 ? 'A draw.' : `${winners.join(' and ')} ${winners.length > 1 ? 'win' : 'wins'}.`;
    fill(
      banner,
      h('h3', { id: 'result-h' }, won ? 'You win! ' : lost ? 'You lose. ' : 'Game over. ', h('span', { class: 'head' }, head)),
      reasons.length ? h('p', { class: 'reason' }, `Why: ${reasons.join('; ')}.`) : null,
      st.game === 'magma' ? scoreTable(/** @type {import('./wire.js').MagmaBoard} */ (play.board), nameOf) : null,
      st.game === 'magneton' && outcome.winners.length
        ? h('p', { class: 'hint' }, 'The winning line is drawn on the board.')
        : null,
      st.game === 'magnetism' && outcome.winners.length
        ? h('p', { class: 'hint' }, 'The winner’s pieces on the far row are marked on the board.')
        : null,
      h('p', { class: 'result-raw' }, `In the record: ${outcome.result}`),
    );
    banner.className = `result${won ? ' won' : lost ? ' lost' : ''}`;
    banner.hidden = false;
  }

  /**
   * The log, one item per action; the last one also says what it did (its
   * effects, as the server told this viewer: only the last action has
   * them on the wire).
   * @param {RoomState} st
   */
  function renderMoves(st) {
    const hadFocus = moves.contains(document.activeElement);
    fill(moves);
    const last = st.play?.last;
    const at = shownPly();
    /** @type {HTMLElement | null} */
    let current = null;
    for (const entry of st.play?.moves ?? []) {
      const text = entry.action
        ? entry.action
        : `secret${entry.commitment ? ` (commitment ${entry.commitment.slice(0, 10)}…)` : ''}`;
      const did = last && last.ply === entry.ply ? effectWords(last.effects, entry.action) : '';
      const here = entry.ply === at;
      // Each entry is a button that shows the position after it.
      const go = h(
        'button',
        {
          type: 'button',
          class: 'goto',
          'data-ply': entry.ply,
          'aria-current': here ? 'step' : null,
          onclick: () => goTo(entry.ply),
        },
        h('span', { class: 'who' }, who(entry.seat)),
        ' ',
        entry.action ? h('span', { class: 'words' }, `${actionWords(st.game, entry.action)} `) : null,
        h('span', { class: 'what' }, text),
        did ? h('span', { class: 'effects' }, `: ${did}`) : null,
      );
      if (here) current = go;
      moves.append(
        h(
          'li',
          { value: entry.ply, class: `${entry.action ? '' : 'secret'}${did ? ' has-effects' : ''}${here ? ' current' : ''}`.trim() },
          go,
        ),
      );
    }
    if (replay && current) {
      moves.scrollTop = Math.max(0, current.offsetTop - moves.clientHeight / 2);
    } else {
      moves.scrollTop = moves.scrollHeight;
    }
    if (hadFocus) (current ?? moves).focus();
  }

  /** How many plies (actions) the live log holds. */
  const plies = () => state?.play?.moves.length ?? 0;
  /** The ply shown: the replay's, or the latest. */
  const shownPly = () => (replay ? replay.ply : plies());

  /**
   * The address of ply `ply` of this room (the latest: the room's own).
   * @param {number | null} ply
   */
  function addressOf(ply) {
    const query = invite ? `?invite=${encodeURIComponent(invite)}` : '';
    return ply === null ? `#/room/${roomId}${query}` : `#/room/${roomId}/ply/${ply}${query}`;
  }

  /**
   * Shows ply `ply` (0 = the start): the live position for the latest,
   * otherwise the server's replay of it for this viewer. The address
   * follows, so it can be shared.
   * @param {number} ply
   */
  async function goTo(ply) {
    if (!state?.play) return;
    const total = plies();
    const target = Math.max(0, Math.min(Math.floor(ply), total));
    const asked = ++replayAsked;
    animateNext = replay !== null && target === shownPly() + 1;
    if (target === total) {
      replay = null;
    } else {
      let answer = replays.get(target);
      if (!answer) {
        try {
          const reply = await session.connection.request({ type: 'replay', room: roomId, ply: target, invite });
          answer = { state: reply.state, revealed: reply.revealed };
          // The lines this viewer could read then (a finished room that
          // left memory has no live history to send).
          if (reply.chat) chat.push(reply.chat);
        } catch (error) {
          if (asked === replayAsked) sayError(error);
          return;
        }
        // Only answers of the same kind are kept together: once the game
        // is over every ply is revealed.
        if (replays.size === 0 || [...replays.values()][0].revealed === answer.revealed) replays.set(target, answer);
      }
      if (asked !== replayAsked) return;
      replay = { ply: target, ...answer };
    }
    if (location.hash !== addressOf(replay ? target : null)) history.replaceState(null, '', addressOf(replay ? target : null));
    if (state) render(state);
  }

  /** The replay bar: where we are, the buttons that step, the link. */
  function renderReplayBar() {
    const total = plies();
    const finished = state?.status === 'finished' || Boolean(state?.play?.outcome);
    replayBar.hidden = !state?.play || total === 0;
    const at = shownPly();
    const atStart = at === 0;
    const atEnd = replay === null;
    for (const [button, off] of /** @type {[HTMLElement, boolean][]} */ ([
      [replayFirst, atStart],
      [replayBack, atStart],
      [replayForward, atEnd],
      [replayLast, atEnd],
    ])) {
      // aria-disabled rather than disabled: the focus stays on the button.
      button.setAttribute('aria-disabled', String(off));
    }
    /** @type {HTMLElement} */ (replayLast.querySelector('.step-label')).textContent = finished ? 'Last' : 'Live';
    const where = atStart ? `The start, before move 1 of ${total}` : `After move ${at} of ${total}`;
    replayAt.textContent = atEnd ? (finished ? `The end: move ${total} of ${total}` : `Live: move ${total}`) : `Replay. ${where}`;
    replayLink.setAttribute('href', addressOf(at));
  }

  for (const [button, where] of /** @type {[HTMLElement, () => number][]} */ ([
    [replayFirst, () => 0],
    [replayBack, () => shownPly() - 1],
    [replayForward, () => shownPly() + 1],
    [replayLast, () => plies()],
  ])) {
    button.addEventListener('click', () => {
      if (button.getAttribute('aria-disabled') !== 'true') goTo(where());
    });
  }

  /**
   * Arrow keys step through the game (Home and End in the move list and
   * the replay bar), unless a field, the board (whose arrows move between
   * cells) or a dialog has them.
   * @param {KeyboardEvent} event
   */
  function onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!state?.play || plies() === 0 || !element.isConnected) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input, select, textarea, [contenteditable], #board, #confirm, dialog')) return;
    const inList = target !== null && (moves.contains(target) || replayBar.contains(target));
    const steps = /** @type {Record<string, number>} */ ({ ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1 });
    if (inList) Object.assign(steps, { Home: 0, End: plies(), ArrowUp: shownPly() - 1, ArrowDown: shownPly() + 1 });
    const ply = steps[event.key];
    if (ply === undefined) return;
    event.preventDefault();
    if (ply >= 0 && ply <= plies() && ply !== shownPly()) goTo(ply);
  }
  document.addEventListener('keydown', onKey);

  /** @type {number | undefined} the ply `lastSaid` speaks of */
  let saidPly;

  /**
   * Puts the last action, with what it did, in words into the status
   * region when it is a new one.
   * @param {RoomState} st
   */
  function sayLast(st) {
    const last = st.play?.last;
    if (!last || last.ply === saidPly) return;
    saidPly = last.ply;
    const entry = st.play?.moves.find((m) => m.ply === last.ply);
    const action = entry?.action;
    const did = effectWords(last.effects, action);
    const words = action ? actionWords(st.game, action) : 'played a secret action';
    lastSaid.textContent = `Last move: ${who(last.seat)} ${words}${did ? `: ${did}` : ''}.`;
  }

  async function watch() {
    try {
      await session.connection.request({ type: 'watch', room: roomId, invite });
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'unknown-room') {
        fill(boardHost, h('p', { class: 'message error' }, 'There is no such room. ', h('a', { href: '#/' }, 'Back to the lobby')));
      } else {
        sayError(error);
      }
    }
  }

  return {
    element,
    connected() {
      watch();
      // A replay shown before a reconnect is asked again.
      if (replay) {
        const ply = replay.ply;
        replays.clear();
        goTo(ply);
      }
    },
    push(message) {
      if (message.type === 'chat' && message.room === roomId) {
        chat.push(message.lines);
        return;
      }
      if (message.type !== 'update' || message.room !== roomId) return;
      // An update may carry only the moves played since the last one: put
      // the ones already known in front. A gap means something was missed:
      // watch again for the whole state.
      const play = message.state.play;
      if (play && play.moves_from) {
        const known = state?.play?.moves ?? [];
        if (known.length < play.moves_from) {
          watch();
          return;
        }
        play.moves = known.slice(0, play.moves_from).concat(play.moves);
        play.moves_from = 0;
      }
      // Updates arrive in order and each is otherwise the whole truth.
      version = message.version;
      element.dataset.version = String(version);
      const ended = state?.status !== 'finished' && message.state.status === 'finished';
      state = message.state;
      clockAt = performance.now();
      render(/** @type {RoomState} */ (state));
      // The game just ended: every past ply is revealed now.
      if (ended && replays.size > 0) {
        replays.clear();
        if (replay) goTo(replay.ply);
      }
      // The address named a position: show it once the game is known.
      if (wantedPly !== null) {
        const ply = wantedPly;
        wantedPly = null;
        if (state.play && ply < plies()) goTo(ply);
        else if (location.hash !== addressOf(null)) history.replaceState(null, '', addressOf(null));
      }
    },
    destroy() {
      document.removeEventListener('keydown', onKey);
      clearInterval(ticker);
      stopSettings();
      narrowScreen.removeEventListener('change', redraw);
      signals.show({ game: '', yourTurn: false });
      closeConfirm();
      if (session.connection.ready) session.connection.request({ type: 'unwatch', room: roomId }).catch(() => {});
    },
  };
}
