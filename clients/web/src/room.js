/** @file The room page: its layout (status bar, board and the control that completes a move kept together, then the table's buttons; the seats, moves, record and chat beside or below), the room's state from the server's updates, what the player does (moves, typed moves, requests) refused while the connection is not live, and the focus kept where the player was after each change. The parts live in seats.js, table.js, replay.js, clocks.js and confirm.js. */

import { fill, h, say, sayError, unsayAll } from './dom.js';
import { createBoard } from './boards/index.js';
import { onSettings, settings, settingsForm } from './settings.js';
import { gameName, rulesButton } from './rules.js';
import { colorName, typedHint, describeOptions, effectWords, actionWords } from './words.js';
import { t } from './i18n.js';
import { reducedMotion } from './boards/effects.js';
import { turnSignals } from './signals.js';
import { chatPanel } from './chat.js';
import { notifyButton } from './notify.js';
import { confirmations } from './confirm.js';
import { roomClocks } from './clocks.js';
import { playerName, seatWords, seatsPanel } from './seats.js';
import { tableParts } from './table.js';
import { replayParts } from './replay.js';
import { ServerError } from './protocol.js';

/** @typedef {import('./app.js').Session} Session */
/** @typedef {import('./app.js').View} View */
/** @typedef {import('./protocol.js').RoomState} RoomState */
/** @typedef {import('./boards/index.js').Board} Board */

/**
 * What the parts of a room page share.
 * @typedef {object} RoomContext
 * @property {Session} session
 * @property {string} roomId
 * @property {() => string | null} invite the room's invite code, if known
 * @property {() => RoomState | null} state the live room, once known
 * @property {(message: import('./protocol.js').Request) => Promise<void>} send sends a request about the room (refused while not live); errors are said
 * @property {(question: string, yes: string, then: () => void) => void} askFirst asks for a "yes" first
 * @property {(action: string, how?: import('./boards/index.js').How) => void} playAction plays an action, confirmed if need be
 * @property {(seat: number) => string} who a seat in words (`Ann (white)`)
 * @property {(seat: number) => string} nameOf a seat's player by name
 */

/**
 * Where the focus goes when a change removed the element that had it:
 * the first of these that is there.
 */
const FOCUS_FALLBACKS = [
  '#start:not([disabled])',
  '#leave',
  '#board .bg[tabindex="0"]',
  '#rematch-accept',
  '#rematch-decline',
  '#rematch',
  '#rematch-link',
  '#table-actions button',
  '#turn',
];

/** The attributes that name a control across redraws. */
const FOCUS_KEYS = ['id', 'data-sit', 'data-bot', 'data-kick', 'data-remove-bot', 'data-answer', 'data-action', 'data-ply', 'data-cell'];

/**
 * A selector for the element that has the focus, to find its successor
 * after a redraw; null if it is not in `root`.
 * @param {HTMLElement} root
 */
function focusKey(root) {
  const el = document.activeElement;
  if (!(el instanceof Element) || !root.contains(el)) return null;
  for (const name of FOCUS_KEYS) {
    const value = el.getAttribute(name);
    if (value !== null) return name === 'id' ? `#${CSS.escape(value)}` : `[${name}="${CSS.escape(value)}"]`;
  }
  return '';
}

/**
 * @param {Session} session
 * @param {string} roomId
 * @param {string | null} invite
 * @param {number | null} [startPly] the position to show first (`#/room/<id>/ply/<n>`); the latest if null
 * @returns {View}
 */
export function roomView(session, roomId, invite, startPly = null) {
  const title = h('h2', { class: 'room-title' }, t('web-room'));
  const inviteBox = h('div', { class: 'invite' });
  const inviteDetails = h('details', { class: 'invite-box' }, h('summary', {}, t('web-room-invite-friend')), inviteBox);
  const turn = h('p', { class: 'turn', id: 'turn', tabindex: -1 });
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
  const tableActions = h('div', { class: 'row table-actions', id: 'table-actions' });
  const typedInput = h('input', { id: 'typed', list: 'legal-list', autocomplete: 'off' });
  const legalList = h('datalist', { id: 'legal-list' });
  const typedForm = h(
    'form',
    { class: 'row typed', id: 'typed-form', hidden: true },
    h('label', { for: 'typed' }, t('web-room-type-move')),
    typedInput,
    legalList,
    h('button', { type: 'submit' }, t('web-room-play')),
  );
  const chat = chatPanel(session, roomId);
  const recordButton = h('button', { type: 'button', id: 'record' }, t('web-room-download-record'));

  /** @type {RoomState | null} */
  let state = null;
  let version = -1;
  /** Whether the board's next update may animate (not when jumping about). */
  let animateNext = true;
  /** The position the address asked for, shown once the room is known. */
  let wantedPly = startPly;
  /** @type {Board | null} */
  let board = null;
  /** An action sent and not yet answered: a second (a double click) is not sent. */
  let acting = false;
  /** @type {(() => void)[]} what waits for the next update */
  let nextUpdate = [];
  const signals = turnSignals();
  const live = () => session.connection.status === 'open';

  /** @param {string} action */
  async function act(action) {
    if (!live()) {
      say(t('web-connection-not-live'), 'error');
      return;
    }
    if (acting) return;
    acting = true;
    // The version the move was chosen at: the server plays it only if the
    // room has not changed since, so it may go again after a lost reply.
    const at = version >= 0 ? version : undefined;
    const seat = state?.you;
    const before = state?.play?.moves.length ?? 0;
    try {
      await session.connection.request({ type: 'act', room: roomId, action, at });
    } catch (error) {
      // `moved-on`: the fresh state says whether this move was played (a
      // copy sent before the connection dropped); if so, nothing to say.
      const played = () => (state?.play?.moves ?? []).slice(before).some((m) => m.seat === seat && m.action === action);
      if (!(error instanceof ServerError && error.code === 'moved-on')) sayError(error);
      else if (!(played() || (await playedSoon(played)))) say(t('web-room-moved-on'), 'error');
    } finally {
      acting = false;
    }
  }

  /**
   * Whether `played` holds by the next update (the fresh state after a
   * reconnect), or within a few seconds.
   * @param {() => boolean} played
   * @returns {Promise<boolean>}
   */
  function playedSoon(played) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(played()), 3000);
      nextUpdate.push(() => {
        clearTimeout(timer);
        resolve(played());
      });
    });
  }

  const sheet = confirmations({ act, play: () => state?.play, game: () => state?.game ?? '', opened: clearOfSheet });

  /** @param {import('./protocol.js').Request} message */
  async function send(message) {
    if (!live()) {
      say(t('web-connection-not-live'), 'error');
      return;
    }
    try {
      await session.connection.request(message);
    } catch (error) {
      sayError(error);
    }
  }

  /** @param {number} seat */
  const who = (seat) => seatWords(state?.seats[seat]);
  /** @param {number} seat */
  const nameOf = (seat) => {
    const s = state?.seats[seat];
    return s?.player ? playerName(s) : t('web-seat-the-seat', { color: colorName(s?.color ?? '?') });
  };

  /** @type {RoomContext} */
  const ctx = {
    session,
    roomId,
    invite: () => invite,
    state: () => state,
    send,
    askFirst: sheet.askFirst,
    playAction: sheet.playAction,
    who,
    nameOf,
  };
  const seats = seatsPanel(ctx);
  const table = tableParts(ctx, { turn, answer, banner, actions: tableActions });
  const steps = replayParts(ctx, {
    chat,
    page: () => element,
    redraw: (animate) => {
      animateNext = animate;
      if (state) render(state);
    },
  });

  const element = h(
    'div',
    { class: 'room' },
    h(
      'div',
      { class: 'room-head' },
      h('a', { href: '#/', class: 'back' }, t('web-back-to-lobby')),
      title,
      rulesButton(() => state?.game ?? '', 'room-rules'),
      settingsForm('room-settings'),
      notifyButton(session, 'notify-room'),
      inviteDetails,
    ),
    h(
      'div',
      { class: 'room-body' },
      h('div', { class: 'play-area' }, status, banner, h('div', { class: 'play-main' }, boardHost, h('div', { class: 'play-side' }, controls, typedForm, tableActions)), steps.bar),
      h(
        'aside',
        { class: 'side' },
        seats.element,
        boardInfo,
        h('section', { 'aria-labelledby': 'moves-h' }, h('h3', { id: 'moves-h' }, t('web-room-moves')), steps.moves, recordButton),
        chat.element,
      ),
    ),
    sheet.element,
  );
  const clocks = roomClocks(element, statusClock);
  const ticker = setInterval(tick, 250);

  function tick() {
    clocks.tick(steps.shown?.state ?? state, { live: live(), replayed: steps.shown !== null });
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
      say(t('web-room-not-legal', { move: typedInput.value }), 'error');
      return;
    }
    typedInput.value = '';
    sheet.playAction(match, { deliberate: true });
  });

  recordButton.addEventListener('click', async () => {
    const query = invite ? `?invite=${encodeURIComponent(invite)}` : '';
    const token = session.token();
    try {
      const response = await fetch(`/api/rooms/${roomId}/record${query}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!response.ok) throw new Error(t('web-room-no-record', { status: response.status }));
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

  function inviteLink() {
    const code = state?.invite ?? invite;
    return `${location.origin}/#/room/${roomId}${code ? `?invite=${code}` : ''}`;
  }

  /**
   * Draws the room, keeping the focus where the player was: on the same
   * control if it is drawn again, otherwise on what comes next.
   * @param {RoomState} st
   */
  function render(st) {
    const key = focusKey(element);
    draw(st);
    if (key === null || (document.activeElement instanceof Element && element.contains(document.activeElement))) return;
    const again = key ? element.querySelector(key) : null;
    const next = again ?? FOCUS_FALLBACKS.map((s) => element.querySelector(s)).find((el) => el instanceof HTMLElement || el instanceof SVGElement);
    if (next instanceof HTMLElement || next instanceof SVGElement) next.focus({ preventScroll: true });
  }

  /** @param {RoomState} st */
  function draw(st) {
    title.textContent = `${gameName(st.game)} · ${describeOptions(st.options)}${st.public ? '' : ` · ${t('web-room-private')}`}`;
    if (st.invite && !invite) invite = st.invite;
    const link = inviteLink();
    fill(
      inviteBox,
      h('span', {}, t('web-room-invite-link'), ' '),
      h('code', { id: 'invite-url' }, link),
      ' ',
      h('button', { type: 'button', onclick: () => navigator.clipboard?.writeText(link).then(() => say(t('web-room-link-copied')), () => say(link)) }, t('web-room-copy')),
    );
    if (st.status === 'open' && !inviteDetails.dataset.shown) {
      inviteDetails.open = true;
      inviteDetails.dataset.shown = 'yes';
    }
    seats.render(st);
    table.render(st);
    steps.render(st);
    chat.update(st);
    sayLast(st);
    const play = st.play;
    const replay = steps.shown;
    if (sheet.pending && !(play?.legal ?? []).includes(sheet.pending.split('+')[0].trim())) sheet.close();
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
      const shown = past?.play ? past : st;
      const shownPlay = /** @type {import('./protocol.js').PlayState} */ (past?.play ? { ...past.play, to_act: [], legal: [] } : play);
      board.update({
        state: shown,
        play: shownPlay,
        legal: past?.play ? [] : play.legal,
        you: shown.you,
        // A past position is drawn by the same code, with nothing to play.
        act: past?.play ? () => {} : (action, how) => sheet.playAction(action, how),
        turnBoard: settings().turnBoard,
        narrow: narrowScreen.matches,
        animate,
        who,
        name: nameOf,
      });
      boardHost.classList.toggle('past', Boolean(past));
    } else if (st.status === 'closed') {
      fill(boardHost, h('p', { class: 'hint' }, t('web-room-closed'), ' ', h('a', { href: '#/' }, t('web-room-back-to-lobby'))));
    } else {
      fill(boardHost, h('p', { class: 'hint' }, t('web-room-board-later')));
    }
    const legal = replay ? [] : play?.legal ?? [];
    typedForm.hidden = legal.length === 0;
    typedInput.placeholder = typedHint(st.game);
    fill(legalList, ...legal.slice(0, 500).map((a) => h('option', { value: a })));
    recordButton.hidden = !play;
    const yourTurn = st.status === 'playing' && st.you !== null && (play?.to_act ?? []).includes(st.you) && !play?.outcome;
    signals.show({ game: gameName(st.game), yourTurn });
    // Each new thing to do (a turn, a penalty to choose) brings the board up.
    const turnKey = yourTurn && !replay ? `${play?.moves.length}:${play?.legal.slice(0, 3).join()}` : null;
    if (turnKey !== null && turnKey !== shownTurn) bringIntoView(boardHost);
    shownTurn = turnKey;
    tick();
  }

  /**
   * Scrolls the board up from under the confirmation sheet, as far as the
   * status bar above it allows.
   * @param {HTMLElement} sheetElement
   */
  function clearOfSheet(sheetElement) {
    const board = boardHost.getBoundingClientRect();
    const over = board.bottom - sheetElement.getBoundingClientRect().top;
    if (over > 0) window.scrollBy(0, Math.min(over, Math.max(0, board.top - status.getBoundingClientRect().height)));
  }

  /** @type {string | null} the turn the board was last brought into view for */
  let shownTurn = null;

  /**
   * Scrolls the page, only if needed, so that `el` starts just under the
   * sticky status bar (where the whole of it fits when the screen allows).
   * @param {HTMLElement} el
   */
  function bringIntoView(el) {
    const top = status.getBoundingClientRect().height;
    const box = el.getBoundingClientRect();
    if (box.top >= top && box.bottom <= window.innerHeight) return;
    window.scrollBy(0, box.top - top);
  }

  const narrowScreen = matchMedia('(max-width: 40rem)');
  const redraw = () => {
    if (state) render(state);
  };
  narrowScreen.addEventListener('change', redraw);
  const stopSettings = onSettings(redraw);

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
    const words = action ? actionWords(st.game, action) : t('web-room-secret-action');
    lastSaid.textContent = t('web-room-last-move', { who: who(last.seat), what: did ? `${words}: ${did}` : words });
  }

  async function watch() {
    try {
      await session.connection.request({ type: 'watch', room: roomId, invite });
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'unknown-room') {
        // The server says why: no such room, or one gone for good (aborted, closed, expired).
        const why = error.message ? `${error.message[0].toUpperCase()}${error.message.slice(1)}.` : t('web-room-no-such-room');
        fill(boardHost, h('p', { class: 'message error', id: 'no-room' }, `${why} `, h('a', { href: '#/' }, t('web-room-back-to-lobby'))));
      } else {
        sayError(error);
      }
    }
  }

  /** Shows whether the connection is live: input is refused and clocks stand still while it is not. */
  function showLive() {
    element.classList.toggle('not-live', !live());
    tick();
  }

  return {
    element,
    connected() {
      watch();
      steps.reconnected();
      showLive();
    },
    connection: showLive,
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
      clocks.read();
      render(/** @type {RoomState} */ (state));
      const waiting = nextUpdate;
      nextUpdate = [];
      for (const then of waiting) then();
      if (ended) {
        steps.ended();
        // Toasts from before the end would cover the result.
        unsayAll();
        // The end as the players see it: the result above the board.
        bringIntoView(banner.hidden ? boardHost : banner);
      }
      // The address named a position: show it once the game is known.
      if (wantedPly !== null) {
        const ply = wantedPly;
        wantedPly = null;
        if (state.play && ply < steps.plies()) steps.goTo(ply);
        else if (location.hash !== steps.addressOf(null)) history.replaceState(null, '', steps.addressOf(null));
      }
    },
    destroy() {
      steps.destroy();
      clearInterval(ticker);
      stopSettings();
      narrowScreen.removeEventListener('change', redraw);
      signals.show({ game: '', yourTurn: false });
      sheet.close();
      if (session.connection.ready) session.connection.request({ type: 'unwatch', room: roomId }).catch(() => {});
    },
  };
}
