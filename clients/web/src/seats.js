/** @file The room's seats: colour badges with letters, names (told apart when two are alike), teams, presence, a bot standing in for an absent person, clocks' places; joining, the owner's controls (bots, kick, close), leaving and starting. */

import { fill, h, s } from './dom.js';
import { fetchGames } from './lobby.js';
import { playerLink } from './players.js';
import { vacationTag } from './vacation.js';
import { ordinal, t } from './i18n.js';
import { botLevel as levelWords, colorLetter, colorName } from './words.js';

/** @typedef {import('./protocol.js').RoomState} RoomState */
/** @typedef {import('./protocol.js').SeatState} SeatState */
/** @typedef {import('./room.js').RoomContext} RoomContext */

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
 * A round badge in the seat's colour with its letter (web-color-letter).
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
      colorLetter(seat.color),
    ),
  );
}

/**
 * A seat in words: its player and colour (`Ann (red)`), or its colour
 * alone while nobody sits there.
 * @param {SeatState | undefined} seat
 */
export function seatWords(seat) {
  if (!seat) return t('web-seat-nobody');
  return seat.player ? t('web-seat-taken', { name: playerName(seat), color: colorName(seat.color) }) : t('web-seat-the-seat', { color: colorName(seat.color) });
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
 * How a seated player is there now: online, a bot standing in, absent or
 * away.
 * @param {SeatState} seat
 */
function presence(seat) {
  if (seat.stand_in) return h('span', { class: 'presence stand-in', title: t('web-seat-stand-in-title') }, t('web-seat-stand-in'));
  return h(
    'span',
    { class: `presence ${seat.connected ? 'on' : 'off'}`, title: seat.connected ? t('web-seat-connected') : t('web-seat-not-connected') },
    seat.connected ? t('web-seat-online') : seat.absent ? t('web-seat-absent') : t('web-seat-away'),
  );
}

/**
 * The seats panel of a room.
 * @param {RoomContext} ctx
 */
export function seatsPanel(ctx) {
  const list = h('ul', { class: 'seats', id: 'seats' });
  const actions = h('div', { class: 'row seat-actions' });
  const element = h('section', { 'aria-labelledby': 'seats-h' }, h('h3', { id: 'seats-h' }, t('web-seats')), list, actions);
  /** The level of the next bot added (the server's default until chosen). */
  let botLevel = 'greedy';
  /** @type {Map<string, import('./wire.js').BotInfo[]>} each game's bot levels, from `/api/games` */
  const botLevels = new Map();
  fetchGames().then(
    (games) => {
      for (const g of games) botLevels.set(g.game, g.bots);
      const st = ctx.state();
      if (st) render(st);
    },
    // Without the list the button still adds the default bot.
    () => {},
  );
  /** Whether we own the room shown. @param {RoomState} st */
  const owning = (st) => st.owner !== undefined && st.owner.id === ctx.session.guest?.id;

  /** @param {RoomState} st */
  function render(st) {
    const { send, askFirst, roomId } = ctx;
    const invite = ctx.invite();
    const levels = botLevels.get(st.game) ?? [];
    const owner = owning(st);
    const open = st.status === 'open';
    fill(list);
    const teams = new Set(st.seats.map((x) => x.team)).size < st.seats.length;
    for (const seat of st.seats) {
      const you = st.you === seat.seat;
      const toAct = st.play?.to_act.includes(seat.seat) && st.status === 'playing';
      const item = h(
        'li',
        { class: `seat${you ? ' you' : ''}${toAct ? ' to-act' : ''}`, 'data-seat': seat.seat },
        badge(seat),
        h('span', { class: 'seat-name' }, /^\d+$/.test(seat.name) ? t('web-seat-plays-nth', { color: colorName(seat.color), n: ordinal(Number(seat.name)) }) : colorName(seat.name)),
        teams ? h('span', { class: 'team' }, t('web-seat-team', { n: seat.team + 1 })) : null,
        h('span', { class: 'player' }, seat.player ? playerLink(seat.player.id, playerName(seat)) : t('web-seat-free-mark')),
        you ? h('span', { class: 'tag' }, t('web-seat-you')) : null,
        seat.bot || seat.bot_account ? h('span', { class: 'tag' }, t('web-seat-bot')) : null,
        seat.player && st.owner?.id === seat.player.id ? h('span', { class: 'tag owner-tag' }, t('web-seat-owner')) : null,
        seat.player ? presence(seat) : null,
        seat.vacation ? vacationTag(seat.vacation) : null,
        h('span', { class: 'clock', 'data-clock': seat.seat }),
        toAct ? h('span', { class: 'tag to-act-tag' }, t('web-seat-to-act')) : null,
      );
      if (st.status === 'open' && !seat.player && st.you === null) {
        item.append(
          h(
            'button',
            { type: 'button', class: 'sit', 'data-sit': seat.name, onclick: () => send({ type: 'join', room: roomId, seat: seat.seat, invite }) },
            t('web-seat-sit'),
          ),
        );
      }
      if (open && owner && seat.player && seat.bot) {
        item.append(
          h(
            'button',
            { type: 'button', class: 'remove-bot', 'data-remove-bot': seat.name, onclick: () => send({ type: 'remove_bot', room: roomId, seat: seat.seat }) },
            t('web-seat-remove-bot'),
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
                askFirst(t('web-seat-kick-ask', { name: kicked }), t('web-seat-kick-yes'), () => send({ type: 'kick', room: roomId, seat: seat.seat })),
            },
            t('web-seat-kick'),
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
                'aria-label': t('web-seat-bot-level'),
                onchange: (e) => {
                  botLevel = /** @type {HTMLSelectElement} */ (e.target).value;
                },
              },
              ...levels.map((b) => h('option', { value: b.level, selected: b.level === botLevel }, t('web-seat-bot-level-option', levelWords(b)))),
            )
          : null;
        item.append(
          h(
            'button',
            {
              type: 'button',
              class: 'bot',
              'data-bot': seat.name,
              title: t('web-seat-add-bot-title'),
              onclick: () => send({ type: 'add_bot', room: roomId, seat: seat.seat, level: botLevel, invite }),
            },
            t('web-seat-add-bot'),
          ),
          menu ?? '',
        );
      }
      list.append(item);
    }
    fill(actions);
    if (st.owner && !st.seats.some((x) => x.player?.id === st.owner?.id)) {
      actions.append(h('p', { class: 'hint owner-line' }, owner ? t('web-seat-you-own') : t('web-seat-owns', { name: st.owner.name })));
    }
    if (open && owner) {
      actions.append(
        h(
          'button',
          {
            type: 'button',
            id: 'close-room',
            onclick: () =>
              askFirst(t('web-seat-close-ask'), t('web-seat-close-yes'), () => send({ type: 'close_room', room: roomId })),
          },
          t('web-seat-close'),
        ),
      );
    }
    if (st.status === 'open' && st.you !== null) {
      actions.append(h('button', { type: 'button', id: 'leave', onclick: () => send({ type: 'leave', room: roomId }) }, t('web-seat-leave')));
      const full = st.seats.every((x) => x.player);
      actions.append(
        h(
          'button',
          { type: 'button', id: 'start', disabled: !full, onclick: () => send({ type: 'start', room: roomId }) },
          full ? t('web-seat-start') : t('web-seat-start-waiting'),
        ),
      );
    }
  }

  return { element, render };
}
