/** @file The room page: seats (names, colours, teams, who is connected), joining, leaving and starting, then the game: board, turn, clock, moves, scores, result and the record. */

import { fill, h, s, say, sayError } from './dom.js';
import { describeOptions } from './lobby.js';
import { createBoard } from './boards/index.js';

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
      seat.name.slice(0, 1).toUpperCase(),
    ),
  );
}

/** @param {number} ms */
function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * @param {SeatState} seat
 */
function seatLabel(seat) {
  return seat.player ? `${seat.name} (${seat.player.name})` : seat.name;
}

/**
 * @param {Session} session
 * @param {string} roomId
 * @param {string | null} invite
 * @returns {View}
 */
export function roomView(session, roomId, invite) {
  const title = h('h2', {}, 'Room');
  const inviteBox = h('div', { class: 'invite' });
  const seatsList = h('ul', { class: 'seats', id: 'seats' });
  const seatActions = h('div', { class: 'row seat-actions' });
  const turn = h('p', { class: 'turn', id: 'turn', role: 'status', 'aria-live': 'polite' });
  const banner = h('div', { class: 'result', id: 'result', role: 'status', hidden: true });
  const boardHost = h('div', { class: 'board-host', id: 'board' });
  const boardInfo = h('div', { class: 'board-info' });
  const controls = h('div', { class: 'controls', id: 'controls' });
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
  const moves = h('ol', { class: 'moves', id: 'moves' });
  const recordButton = h('button', { type: 'button', id: 'record' }, 'Download record');

  const element = h(
    'div',
    { class: 'room' },
    h('div', { class: 'room-head' }, h('a', { href: '#/', class: 'back' }, '← Lobby'), title, inviteBox),
    h(
      'div',
      { class: 'room-body' },
      h('div', { class: 'play-area' }, turn, banner, boardHost, controls, typedForm),
      h(
        'aside',
        { class: 'side' },
        h('section', { 'aria-labelledby': 'seats-h' }, h('h3', { id: 'seats-h' }, 'Seats'), seatsList, seatActions),
        boardInfo,
        h('section', { 'aria-labelledby': 'moves-h' }, h('h3', { id: 'moves-h' }, 'Moves'), moves, recordButton),
      ),
    ),
  );

  /** @type {RoomState | null} */
  let state = null;
  let version = -1;
  /** @type {Board | null} */
  let board = null;
  /** When the latest clock reading arrived (performance.now()). */
  let clockAt = 0;
  const ticker = setInterval(tickClock, 250);

  /** @param {string} action */
  async function act(action) {
    try {
      await session.connection.request({ type: 'act', room: roomId, action });
    } catch (error) {
      sayError(error);
    }
  }

  /** @param {import('./protocol.js').Message} message */
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
    act(match);
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

  function tickClock() {
    const clock = state?.play?.clock;
    const shown = element.querySelectorAll('[data-clock]');
    if (!clock) {
      for (const el of shown) el.textContent = '';
      return;
    }
    const left = clock.remaining_ms - (performance.now() - clockAt);
    for (const el of shown) {
      el.textContent = Number(/** @type {HTMLElement} */ (el).dataset.clock) === clock.seat ? clockText(left) : '';
      el.classList.toggle('low', left < 10_000);
    }
  }

  function inviteLink() {
    const code = state?.invite ?? invite;
    return `${location.origin}/#/room/${roomId}${code ? `?invite=${code}` : ''}`;
  }

  /** @param {RoomState} st */
  function render(st) {
    title.textContent = `${st.game[0].toUpperCase()}${st.game.slice(1)} · ${describeOptions(st.options)}${st.public ? '' : ' · private'}`;
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
    renderSeats(st);
    renderTurn(st);
    renderMoves(st);
    const play = st.play;
    if (play) {
      if (!board) {
        board = createBoard(st.game);
        fill(boardHost, board.element);
        fill(controls, board.controls);
        fill(boardInfo, board.info);
      }
      board.update({ state: st, play, legal: play.legal, you: st.you, act });
    } else {
      fill(boardHost, h('p', { class: 'hint' }, 'The board appears when the game starts.'));
    }
    const legal = play?.legal ?? [];
    typedForm.hidden = legal.length === 0;
    fill(legalList, ...legal.slice(0, 500).map((a) => h('option', { value: a })));
    recordButton.hidden = !play;
    tickClock();
  }

  /** @param {RoomState} st */
  function renderSeats(st) {
    fill(seatsList);
    const teams = new Set(st.seats.map((x) => x.team)).size < st.seats.length;
    for (const seat of st.seats) {
      const you = st.you === seat.seat;
      const toAct = st.play?.to_act.includes(seat.seat) && st.status === 'playing';
      const item = h(
        'li',
        { class: `seat${you ? ' you' : ''}${toAct ? ' to-act' : ''}`, 'data-seat': seat.seat },
        badge(seat),
        h('span', { class: 'seat-name' }, seat.name),
        teams ? h('span', { class: 'team' }, `team ${seat.team + 1}`) : null,
        h('span', { class: 'player' }, seat.player ? seat.player.name : '— free —'),
        you ? h('span', { class: 'tag' }, 'you') : null,
        seat.player
          ? h(
              'span',
              { class: `presence ${seat.connected ? 'on' : 'off'}`, title: seat.connected ? 'connected' : 'not connected' },
              seat.connected ? '● online' : '○ away',
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
      if (st.status === 'open' && !seat.player) {
        item.append(
          h(
            'button',
            {
              type: 'button',
              class: 'bot',
              'data-bot': seat.name,
              title: 'A computer player takes this seat',
              onclick: () => send({ type: 'add_bot', room: roomId, seat: seat.seat, invite }),
            },
            'Add a bot',
          ),
        );
      }
      seatsList.append(item);
    }
    fill(seatActions);
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
      const won = st.you !== null && play.outcome.winners.includes(st.you);
      const lost = st.you !== null && play.outcome.winners.length > 0 && !won;
      fill(
        banner,
        h('strong', {}, won ? 'You win! ' : lost ? 'You lose. ' : 'Game over. '),
        play.outcome.result,
      );
      banner.className = `result${won ? ' won' : lost ? ' lost' : ''}`;
      banner.hidden = false;
      turn.textContent = 'The game is over.';
      return;
    }
    const names = play.to_act.map((i) => seatLabel(st.seats[i]));
    if (st.you !== null && play.to_act.includes(st.you)) {
      turn.classList.add('your-turn');
      turn.textContent = play.to_act.length > 1 ? 'Your turn (the others choose at the same time).' : 'Your turn.';
    } else {
      turn.textContent = `${st.you === null ? 'Watching. ' : ''}To act: ${names.join(', ') || 'nobody'}.`;
    }
  }

  /** @param {RoomState} st */
  function renderMoves(st) {
    fill(moves);
    for (const entry of st.play?.moves ?? []) {
      const seat = st.seats[entry.seat];
      const text = entry.action
        ? entry.action
        : `secret${entry.commitment ? ` (commitment ${entry.commitment.slice(0, 10)}…)` : ''}`;
      moves.append(
        h(
          'li',
          { value: entry.ply, class: entry.action ? '' : 'secret' },
          h('span', { class: 'who' }, seat ? seat.name : `seat ${entry.seat}`),
          ' ',
          h('span', { class: 'what' }, text),
        ),
      );
    }
    moves.scrollTop = moves.scrollHeight;
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
    },
    push(message) {
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
      state = message.state;
      clockAt = performance.now();
      render(/** @type {RoomState} */ (state));
    },
    destroy() {
      clearInterval(ticker);
      if (session.connection.ready) session.connection.request({ type: 'unwatch', room: roomId }).catch(() => {});
    },
  };
}
