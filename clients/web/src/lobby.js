/** @file The lobby page: choose a display name, one's games (with whose turn it is), the rules of each game, open rooms filtered by game and players, games to watch, a new room with its options in words, an invite link, and the settings. */

import { fill, h, say, sayError } from './dom.js';
import { gameName, rulesButton } from './rules.js';
import { settingsForm } from './settings.js';
import { accountSection } from './players.js';
import { notifyButton, turnsBar } from './notify.js';
import { describeOptions, optionName, optionValue } from './words.js';

/** @typedef {import('./app.js').Session} Session */
/** @typedef {import('./app.js').View} View */
/** @typedef {import('./protocol.js').GameInfo} GameInfo */
/** @typedef {import('./protocol.js').RoomSummary} RoomSummary */

/** How often the open rooms are fetched again while the lobby is shown. */
const REFRESH_MS = 4000;

/** What each game is, in a line, for the game chooser. */
export const GAME_TITLES = /** @type {Record<string, string>} */ ({
  magneton: 'Magneton — drop and slide stones on 8×8; four in a row after a magnetic pull wins (the easiest to learn)',
  magnetism: 'Magnetism — move your magnet, then pull or push a piece; race to the far row',
  magnet: 'Magnet — hidden pieces on a 91-point hexagon, pulled by the magnet',
  magma: 'Magma — 2 to 6 players on 91 hexagons, with teams and hot timers',
});

/** The game a new room starts with: the simplest to learn. */
const FIRST_GAME = 'magneton';

/** The order games are offered in, simplest first. */
const GAME_ORDER = ['magneton', 'magnetism', 'magma', 'magnet'];

/** @type {Promise<GameInfo[]> | null} */
let gamesCache = null;

/** The games the server plays, with their options (fetched once). */
export function fetchGames() {
  if (!gamesCache) {
    gamesCache = fetch('/api/games').then((r) => {
      if (!r.ok) throw new Error(`The server did not list its games (HTTP ${r.status}).`);
      return r.json();
    });
    gamesCache.catch(() => {
      gamesCache = null;
    });
  }
  return gamesCache;
}


/**
 * A room's people in words: who sits where (`Ann (white), Bo (black)`).
 * @param {import('./protocol.js').RoomState} st
 */
function people(st) {
  return st.seats.map((x) => (x.player ? `${x.player.name} (${x.color})` : `free ${x.color} seat`)).join(', ');
}

/**
 * @param {Session} session
 * @returns {View}
 */
export function lobbyView(session) {
  const nameInput = h('input', {
    id: 'name',
    name: 'name',
    maxlength: 32,
    required: true,
    autocomplete: 'nickname',
    value: session.name(),
  });
  const nameForm = h(
    'form',
    {
      class: 'row',
      onsubmit: async (event) => {
        event.preventDefault();
        const name = nameInput.value.trim();
        if (!name) return;
        try {
          await session.rename(name);
          say(`You are now ${name}.`);
        } catch (error) {
          sayError(error);
        }
      },
    },
    h('label', { for: 'name' }, 'Display name'),
    nameInput,
    h('button', { type: 'submit' }, 'Save'),
  );

  const account = accountSection(session);
  const turns = turnsBar(session, () => showMine());
  const myGames = h('ul', { class: 'my-games' });
  const createForm = h('form', { class: 'create', id: 'create-room' }, h('p', {}, 'Loading the games…'));
  const roomsBody = h('tbody');
  const roomsEmpty = h('p', { class: 'hint' }, 'No open rooms right now: create one and send its link to a friend.');
  const gameFilter = h('select', { id: 'filter-game' }, h('option', { value: '' }, 'any game'));
  for (const g of GAME_ORDER) gameFilter.append(h('option', { value: g }, gameName(g)));
  const playersFilter = h('select', { id: 'filter-players' }, h('option', { value: '' }, 'any number'));
  for (const n of [2, 3, 4, 5, 6]) playersFilter.append(h('option', { value: n }, `${n} players`));
  const playingBody = h('tbody');
  const head = () => h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Game'), h('th', { scope: 'col' }, 'Options'), h('th', { scope: 'col' }, 'Players'), h('td', {})));
  const playingSection = h(
    'section',
    { 'aria-labelledby': 'playing-h', id: 'playing', hidden: true },
    h('h2', { id: 'playing-h' }, 'Games in progress'),
    h('table', { class: 'rooms' }, head(), playingBody),
  );
  const inviteInput = h('input', {
    id: 'invite-link',
    placeholder: 'Paste an invite link',
    autocomplete: 'off',
  });

  const element = h(
    'div',
    { class: 'lobby' },
    h('section', { 'aria-labelledby': 'you-h' }, h('h2', { id: 'you-h' }, 'You'), nameForm, settingsForm('lobby-settings'), notifyButton(session, 'notify-lobby')),
    account.element,
    h('section', { 'aria-labelledby': 'mine-h', id: 'mine' }, h('h2', { id: 'mine-h' }, 'Your games'), turns.element, myGames),
    h(
      'section',
      { 'aria-labelledby': 'learn-h', id: 'learn' },
      h('h2', { id: 'learn-h' }, 'The games'),
      h(
        'ul',
        { class: 'learn' },
        ...GAME_ORDER.map((g) => h('li', {}, h('span', {}, GAME_TITLES[g] ?? g), ' ', rulesButton(g, `rules-${g}`))),
      ),
    ),
    h(
      'section',
      { 'aria-labelledby': 'open-h' },
      h('h2', { id: 'open-h' }, 'Open rooms'),
      h(
        'div',
        { class: 'row filters' },
        h('label', { for: 'filter-game' }, 'Game'),
        gameFilter,
        h('label', { for: 'filter-players' }, 'Players'),
        playersFilter,
      ),
      h('table', { class: 'rooms', id: 'open-rooms' }, head(), roomsBody),
      roomsEmpty,
    ),
    playingSection,
    h('section', { 'aria-labelledby': 'new-h' }, h('h2', { id: 'new-h' }, 'New room'), createForm),
    h(
      'section',
      { 'aria-labelledby': 'link-h' },
      h('h2', { id: 'link-h' }, 'Invite link'),
      h(
        'form',
        {
          class: 'row',
          onsubmit: (event) => {
            event.preventDefault();
            const text = inviteInput.value.trim();
            const at = text.indexOf('#/room/');
            if (at < 0) {
              say('That is not a Lodestone room link (it has no #/room/ part).', 'error');
              return;
            }
            location.hash = text.slice(at + 1);
          },
        },
        h('label', { for: 'invite-link', class: 'visually-hidden' }, 'Invite link'),
        inviteInput,
        h('button', { type: 'submit' }, 'Open'),
      ),
    ),
  );

  /** @param {GameInfo[]} games */
  function buildCreateForm(games) {
    const sorted = [...games].sort((a, b) => rank(a.game) - rank(b.game));
    const gameSelect = h('select', { id: 'game', name: 'game' });
    for (const g of sorted) gameSelect.append(h('option', { value: g.game, selected: g.game === FIRST_GAME }, GAME_TITLES[g.game] ?? g.game));
    const optionsBox = h('div', { class: 'options' });
    const publicBox = h('input', { type: 'checkbox', id: 'public', checked: true });

    function showOptions() {
      const game = games.find((g) => g.game === gameSelect.value);
      fill(optionsBox);
      if (!game || game.options.length === 0) {
        optionsBox.append(h('p', { class: 'hint' }, 'This game has no options.'));
        return;
      }
      for (const option of game.options) {
        const id = `option-${option.key}`;
        const select = h('select', { id, 'data-option': option.key, 'aria-describedby': `${id}-help` });
        for (const value of option.values) {
          const words = optionValue(option.key, value);
          select.append(h('option', { value }, value === option.default ? `${words} (usual)` : words));
        }
        optionsBox.append(
          h(
            'div',
            { class: 'option' },
            h('label', { for: id }, optionName(option.key)),
            select,
            h('small', { class: 'help', id: `${id}-help` }, option.help),
          ),
        );
      }
    }

    gameSelect.addEventListener('change', showOptions);
    showOptions();
    fill(
      createForm,
      h('div', { class: 'option' }, h('label', { for: 'game' }, 'Game'), gameSelect, rulesButton(() => gameSelect.value, 'new-rules')),
      optionsBox,
      h(
        'div',
        { class: 'option' },
        publicBox,
        h('label', { for: 'public' }, 'Listed in the lobby (otherwise only people with the invite link can join or watch)'),
      ),
      h('button', { type: 'submit', id: 'create' }, 'Create room'),
    );
    createForm.onsubmit = async (event) => {
      event.preventDefault();
      /** @type {Record<string, string>} */
      const options = {};
      // Only the options changed from their defaults: some only make sense
      // together with others (Magma's solo needs five players).
      const game = games.find((g) => g.game === gameSelect.value);
      for (const option of game?.options ?? []) {
        const select = optionsBox.querySelector(`select[data-option="${option.key}"]`);
        if (select instanceof HTMLSelectElement && select.value !== option.default) options[option.key] = select.value;
      }
      try {
        const ack = await session.connection.request({
          type: 'create_room',
          game: gameSelect.value,
          options,
          public: publicBox.checked,
        });
        location.hash = `/room/${ack.room}${ack.invite ? `?invite=${ack.invite}` : ''}`;
      } catch (error) {
        sayError(error);
      }
    };
  }

  fetchGames().then(buildCreateForm, (error) => {
    fill(createForm, h('p', { class: 'message error' }, String(error.message ?? error)));
  });

  /** @type {RoomSummary[]} */
  let openRooms = [];
  let shownRooms = '';

  function showRooms() {
    const game = gameFilter.value;
    const players = Number(playersFilter.value);
    const rooms = openRooms.filter((r) => (!game || r.game === game) && (!players || r.seats === players));
    // Redraw only on a change, so a row is not replaced under the pointer.
    const key = JSON.stringify(rooms);
    if (key === shownRooms) return;
    shownRooms = key;
    fill(roomsBody);
    roomsEmpty.hidden = rooms.length > 0;
    roomsEmpty.textContent =
      openRooms.length > 0 ? 'No open room matches these filters.' : 'No open rooms right now: create one and send its link to a friend.';
    for (const room of rooms) {
      roomsBody.append(
        h(
          'tr',
          { 'data-room': room.id },
          h('td', {}, gameName(room.game)),
          h('td', {}, describeOptions(room.options)),
          h('td', {}, `${room.taken} of ${room.seats}`, room.players.length ? `: ${room.players.join(', ')}` : ''),
          h('td', {}, h('a', { href: `#/room/${room.id}`, class: 'button' }, 'Open')),
        ),
      );
    }
  }
  gameFilter.addEventListener('change', showRooms);
  playersFilter.addEventListener('change', showRooms);

  let shownPlaying = '';

  /** @param {RoomSummary[]} rooms */
  function showPlaying(rooms) {
    const key = JSON.stringify(rooms);
    if (key === shownPlaying) return;
    shownPlaying = key;
    fill(playingBody);
    playingSection.hidden = rooms.length === 0;
    for (const room of rooms) {
      playingBody.append(
        h(
          'tr',
          { 'data-room': room.id },
          h('td', {}, gameName(room.game)),
          h('td', {}, describeOptions(room.options)),
          h('td', {}, room.players.join(', ')),
          h('td', {}, h('a', { href: `#/room/${room.id}`, class: 'button' }, 'Watch')),
        ),
      );
    }
  }

  /** @type {Map<string, import('./protocol.js').RoomState>} the state of each of one's rooms, as watched */
  const mine = new Map();
  /** @type {Set<string>} */
  const watching = new Set();

  function showMine() {
    fill(myGames);
    const section = /** @type {HTMLElement} */ (element.querySelector('#mine'));
    section.hidden = session.myRooms.length === 0 && turns.element.hidden;
    for (const id of session.myRooms) {
      const st = mine.get(id);
      if (!st) {
        myGames.append(h('li', { 'data-room': id }, h('a', { href: `#/room/${id}` }, 'A game (loading…)')));
        continue;
      }
      const yours = st.you !== null && st.status === 'playing' && (st.play?.to_act ?? []).includes(st.you) && !st.play?.outcome;
      const whose =
        st.status === 'open'
          ? 'waiting for players'
          : st.play?.outcome
            ? 'finished'
            : yours
              ? 'your turn'
              : `waiting for ${(st.play?.to_act ?? []).map((i) => st.seats[i]?.player?.name ?? st.seats[i]?.color).join(' and ')}`;
      myGames.append(
        h(
          'li',
          { 'data-room': id, class: yours ? 'your-turn' : '' },
          h('a', { href: `#/room/${id}${st.invite ? `?invite=${st.invite}` : ''}` }, gameName(st.game)),
          ' ',
          h('span', { class: 'people' }, people(st)),
          ' — ',
          h('strong', { class: 'whose' }, whose),
        ),
      );
    }
  }

  /** Watches each of one's rooms, to show who is to move. */
  function watchMine() {
    for (const id of session.myRooms) {
      session.connection
        .request({ type: 'watch', room: id })
        .then(() => watching.add(id))
        .catch(() => {});
    }
  }

  async function refresh() {
    if (!session.connection.ready) return;
    try {
      const reply = await session.connection.request({ type: 'list_rooms' });
      openRooms = reply.rooms;
      showRooms();
      const playing = await session.connection.request({ type: 'list_rooms', playing: true });
      showPlaying(playing.rooms);
    } catch (error) {
      // A dropped connection is already announced by the notice.
      if (!(error instanceof Error && 'code' in error && error.code === 'disconnected')) sayError(error);
    }
  }

  showMine();
  const timer = setInterval(refresh, REFRESH_MS);
  return {
    element,
    connected() {
      account.refresh();
      showMine();
      watchMine();
      refresh();
      turns.refresh();
    },
    push(message) {
      if (message.type !== 'update' || !session.myRooms.includes(message.room)) return;
      mine.set(message.room, message.state);
      showMine();
      turns.refresh();
    },
    destroy() {
      clearInterval(timer);
      for (const id of watching) session.connection.request({ type: 'unwatch', room: id }).catch(() => {});
    },
  };
}

/** @param {string} game */
function rank(game) {
  const i = GAME_ORDER.indexOf(game);
  return i < 0 ? GAME_ORDER.length : i;
}
