/** @file The lobby page: choose a display name, create a room with any game and options, list open rooms, open an invite link, return to one's games. */

import { fill, h, say, sayError } from './dom.js';

/** @typedef {import('./app.js').Session} Session */
/** @typedef {import('./app.js').View} View */
/** @typedef {import('./protocol.js').GameInfo} GameInfo */
/** @typedef {import('./protocol.js').RoomSummary} RoomSummary */

/** How often the open rooms are fetched again while the lobby is shown. */
const REFRESH_MS = 4000;

/** What each game is, in a line, for the game chooser. */
export const GAME_TITLES = /** @type {Record<string, string>} */ ({
  magneton: 'Magneton — drop and slide stones on 8×8; four in a row after a magnetic pull wins',
  magnetism: 'Magnetism — move your magnet, then pull or push a piece; race to the far row',
  magnet: 'Magnet — hidden pieces on a 91-point hexagon, pulled by the magnet',
  magma: 'Magma — 2 to 6 players on 91 hexagons, with teams and hot timers',
});

/** @type {Promise<GameInfo[]> | null} */
let gamesCache = null;

/** The games the server plays, with their options (fetched once). */
function fetchGames() {
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
 * @param {Record<string, string>} options
 * @returns {string}
 */
export function describeOptions(options) {
  const pairs = Object.entries(options).map(([k, v]) => `${k}=${v}`);
  return pairs.length ? pairs.join(', ') : 'standard';
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

  const myGames = h('ul', { class: 'my-games' });
  const createForm = h('form', { class: 'create', id: 'create-room' }, h('p', {}, 'Loading the games…'));
  const roomsBody = h('tbody');
  const roomsEmpty = h('p', { class: 'hint' }, 'No open rooms right now: create one and send its link to a friend.');
  const playingBody = h('tbody');
  const playingSection = h(
    'section',
    { 'aria-labelledby': 'playing-h', id: 'playing', hidden: true },
    h('h2', { id: 'playing-h' }, 'Games in progress'),
    h(
      'table',
      { class: 'rooms' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Options'), h('th', {}, 'Players'), h('th', {}, ''))),
      playingBody,
    ),
  );
  const inviteInput = h('input', {
    id: 'invite-link',
    placeholder: 'Paste an invite link',
    autocomplete: 'off',
  });

  const element = h(
    'div',
    { class: 'lobby' },
    h('section', { 'aria-labelledby': 'you-h' }, h('h2', { id: 'you-h' }, 'You'), nameForm),
    h('section', { 'aria-labelledby': 'mine-h', id: 'mine' }, h('h2', { id: 'mine-h' }, 'Your games'), myGames),
    h(
      'section',
      { 'aria-labelledby': 'open-h' },
      h('h2', { id: 'open-h' }, 'Open rooms'),
      h(
        'table',
        { class: 'rooms' },
        h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Options'), h('th', {}, 'Players'), h('th', {}, ''))),
        roomsBody,
      ),
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
    const gameSelect = h('select', { id: 'game', name: 'game' });
    for (const g of games) gameSelect.append(h('option', { value: g.game }, GAME_TITLES[g.game] ?? g.game));
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
        const select = h('select', { id, 'data-option': option.key });
        for (const value of option.values) {
          select.append(h('option', { value }, value === option.default ? `${value} (default)` : value));
        }
        optionsBox.append(
          h(
            'div',
            { class: 'option' },
            h('label', { for: id }, option.key),
            select,
            h('small', { class: 'help' }, option.help),
          ),
        );
      }
    }

    gameSelect.addEventListener('change', showOptions);
    showOptions();
    fill(
      createForm,
      h('div', { class: 'option' }, h('label', { for: 'game' }, 'Game'), gameSelect),
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

  let shownRooms = '';

  /** @param {RoomSummary[]} rooms */
  function showRooms(rooms) {
    // Redraw only on a change, so a row is not replaced under the pointer.
    const key = JSON.stringify(rooms);
    if (key === shownRooms) return;
    shownRooms = key;
    fill(roomsBody);
    roomsEmpty.hidden = rooms.length > 0;
    for (const room of rooms) {
      const link = `#/room/${room.id}`;
      roomsBody.append(
        h(
          'tr',
          { 'data-room': room.id },
          h('td', {}, room.game),
          h('td', {}, describeOptions(room.options)),
          h('td', {}, `${room.taken}/${room.seats}`, room.players.length ? ` — ${room.players.join(', ')}` : ''),
          h('td', {}, h('a', { href: link, class: 'button' }, 'Open')),
        ),
      );
    }
  }

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
          h('td', {}, room.game),
          h('td', {}, describeOptions(room.options)),
          h('td', {}, room.players.join(', ')),
          h('td', {}, h('a', { href: `#/room/${room.id}`, class: 'button' }, 'Watch')),
        ),
      );
    }
  }

  function showMine() {
    fill(myGames);
    const section = /** @type {HTMLElement} */ (element.querySelector('#mine'));
    section.hidden = session.myRooms.length === 0;
    for (const id of session.myRooms) {
      myGames.append(h('li', {}, h('a', { href: `#/room/${id}` }, `Room ${id.slice(0, 8)}`)));
    }
  }

  async function refresh() {
    if (!session.connection.ready) return;
    try {
      const reply = await session.connection.request({ type: 'list_rooms' });
      showRooms(reply.rooms);
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
      showMine();
      refresh();
    },
    push() {},
    destroy() {
      clearInterval(timer);
    },
  };
}
