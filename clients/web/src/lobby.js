/** @file The lobby page, most wanted first: a new room with its options in words (or a game against the computer at once), one's games (with whose turn it is), open rooms filtered by game and players, an invite link, the rules of each game, the display name and settings, and a few games to watch. */

import { fill, h, say, sayError } from './dom.js';
import { gameName, rulesButton } from './rules.js';
import { settingsForm } from './settings.js';
import { accountSection } from './players.js';
import { notifyButton, turnsBar } from './notify.js';
import { vacationSection } from './vacation.js';
import { botLevel, colorName, describeOptions, optionHelp, optionName, optionValue, wordsOr } from './words.js';
import { andList, t } from './i18n.js';

/** @typedef {import('./app.js').Session} Session */
/** @typedef {import('./app.js').View} View */
/** @typedef {import('./protocol.js').GameInfo} GameInfo */
/** @typedef {import('./protocol.js').RoomSummary} RoomSummary */

/** How often the open rooms are fetched again while the lobby is shown. */
const REFRESH_MS = 4000;

/** Games to watch shown before "Show all": long-forgotten games must not crowd the page. */
const PLAYING_SHOWN = 5;

/** More bots than any game has seats: a guard for the loop that fills a room. */
const MOST_BOTS = 8;

/** What each game is, in a line, for the game chooser. */
const GAME_TITLES = /** @type {Record<string, string>} */ ({
  magneton: 'web-game-title-magneton',
  magnetism: 'web-game-title-magnetism',
  magnet: 'web-game-title-magnet',
  magma: 'web-game-title-magma',
});

/** @param {string} game */
export function gameTitle(game) {
  return wordsOr(GAME_TITLES[game], game);
}

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
      if (!r.ok) throw new Error(t('web-lobby-no-games', { status: r.status }));
      return r.json();
    });
    gamesCache.catch(() => {
      gamesCache = null;
    });
  }
  return gamesCache;
}

/**
 * A room's row in a list of rooms: its game, its options, `seated` (who
 * sits there), and a link into it that says `link`.
 * @param {RoomSummary} room
 * @param {string} seated
 * @param {string} link
 */
function roomRow(room, seated, link) {
  return h(
    'tr',
    { 'data-room': room.id },
    h('td', {}, gameName(room.game)),
    h('td', {}, describeOptions(room.options)),
    h('td', {}, seated),
    h('td', {}, h('a', { href: `#/room/${room.id}`, class: 'button' }, link)),
  );
}

/**
 * A room's people in words: who sits where (`Ann (white), Bo (black)`).
 * @param {import('./protocol.js').RoomState} st
 */
function people(st) {
  return st.seats.map((x) => (x.player ? t('web-seat-taken', { name: x.player.name, color: colorName(x.color) }) : t('web-seat-free', { color: colorName(x.color) }))).join(', ');
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
          say(t('web-lobby-renamed', { name }));
        } catch (error) {
          sayError(error);
        }
      },
    },
    h('label', { for: 'name' }, t('web-lobby-display-name')),
    nameInput,
    h('button', { type: 'submit' }, t('web-lobby-save')),
  );

  const account = accountSection(session);
  const away = vacationSection(session);
  const turns = turnsBar(session, () => showMine());
  const myGames = h('ul', { class: 'my-games' });
  const createForm = h('form', { class: 'create', id: 'create-room' }, h('p', {}, t('web-lobby-loading-games')));
  const roomsBody = h('tbody');
  const roomsEmpty = h('p', { class: 'hint' }, t('web-lobby-no-open-rooms'));
  const gameFilter = h('select', { id: 'filter-game' }, h('option', { value: '' }, t('web-lobby-any-game')));
  for (const g of GAME_ORDER) gameFilter.append(h('option', { value: g }, gameName(g)));
  const playersFilter = h('select', { id: 'filter-players' }, h('option', { value: '' }, t('web-lobby-any-number')));
  for (const n of [2, 3, 4, 5, 6]) playersFilter.append(h('option', { value: n }, t('web-lobby-n-players', { count: n })));
  const playingBody = h('tbody');
  const head = () => h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('web-lobby-game')), h('th', { scope: 'col' }, t('web-lobby-options')), h('th', { scope: 'col' }, t('web-lobby-players')), h('td', {})));
  let playingAll = false;
  const playingMore = h('button', {
    type: 'button',
    id: 'playing-more',
    hidden: true,
    onclick: () => {
      playingAll = true;
      shownPlaying = '';
      showPlaying(playingRooms, playingTotal);
    },
  });
  const playingSection = h(
    'section',
    { 'aria-labelledby': 'playing-h', id: 'playing', hidden: true },
    h('h2', { id: 'playing-h' }, t('web-lobby-in-progress')),
    h('table', { class: 'rooms' }, head(), playingBody),
    playingMore,
  );
  const inviteInput = h('input', {
    id: 'invite-link',
    placeholder: t('web-lobby-paste-invite'),
    autocomplete: 'off',
  });

  const element = h(
    'div',
    { class: 'lobby' },
    h('section', { 'aria-labelledby': 'new-h' }, h('h2', { id: 'new-h' }, t('web-lobby-new-room')), createForm),
    h('section', { 'aria-labelledby': 'mine-h', id: 'mine' }, h('h2', { id: 'mine-h' }, t('web-lobby-your-games')), turns.element, myGames),
    h(
      'section',
      { 'aria-labelledby': 'open-h' },
      h('h2', { id: 'open-h' }, t('web-lobby-open-rooms')),
      h(
        'div',
        { class: 'row filters' },
        h('label', { for: 'filter-game' }, t('web-lobby-game')),
        gameFilter,
        h('label', { for: 'filter-players' }, t('web-lobby-players')),
        playersFilter,
      ),
      h('table', { class: 'rooms', id: 'open-rooms' }, head(), roomsBody),
      roomsEmpty,
    ),
    h(
      'section',
      { 'aria-labelledby': 'link-h' },
      h('h2', { id: 'link-h' }, t('web-lobby-invite-link')),
      h(
        'form',
        {
          class: 'row',
          onsubmit: (event) => {
            event.preventDefault();
            const text = inviteInput.value.trim();
            const at = text.indexOf('#/room/');
            if (at < 0) {
              say(t('web-lobby-not-a-room-link'), 'error');
              return;
            }
            location.hash = text.slice(at + 1);
          },
        },
        h('label', { for: 'invite-link', class: 'visually-hidden' }, t('web-lobby-invite-link')),
        inviteInput,
        h('button', { type: 'submit' }, t('web-lobby-open')),
      ),
    ),
    h(
      'section',
      { 'aria-labelledby': 'learn-h', id: 'learn' },
      h('h2', { id: 'learn-h' }, t('web-lobby-the-games')),
      h(
        'ul',
        { class: 'learn' },
        ...GAME_ORDER.map((g) => h('li', {}, h('span', {}, gameTitle(g)), ' ', rulesButton(g, `rules-${g}`))),
      ),
    ),
    h('section', { 'aria-labelledby': 'you-h' }, h('h2', { id: 'you-h' }, t('web-lobby-you')), nameForm, settingsForm('lobby-settings'), away.element, notifyButton(session, 'notify-lobby')),
    account.element,
    playingSection,
  );

  /** @param {GameInfo[]} games */
  function buildCreateForm(games) {
    const sorted = [...games].sort((a, b) => rank(a.game) - rank(b.game));
    const gameSelect = h('select', { id: 'game', name: 'game' });
    for (const g of sorted) gameSelect.append(h('option', { value: g.game, selected: g.game === FIRST_GAME }, gameTitle(g.game)));
    const optionsBox = h('div', { class: 'options' });
    const publicBox = h('input', { type: 'checkbox', id: 'public', checked: true });
    const levelSelect = h('select', { id: 'computer-level' });
    const createButton = h('button', { type: 'submit', id: 'create' }, t('web-lobby-create-room'));
    const computerButton = h('button', { type: 'button', id: 'play-computer', onclick: () => playComputer() }, t('web-lobby-play-computer'));
    const computerPart = h('span', { class: 'row' }, computerButton, h('label', { for: 'computer-level' }, t('web-lobby-at-level')), levelSelect);

    function showOptions() {
      const game = games.find((g) => g.game === gameSelect.value);
      fill(levelSelect);
      for (const bot of game?.bots ?? []) {
        levelSelect.append(h('option', { value: bot.level, selected: bot.level === 'greedy' }, botLevel(bot).name));
      }
      computerPart.hidden = (game?.bots ?? []).length === 0;
      fill(optionsBox);
      if (!game || game.options.length === 0) {
        optionsBox.append(h('p', { class: 'hint' }, t('web-lobby-no-options')));
        return;
      }
      for (const option of game.options) {
        const id = `option-${option.key}`;
        const select = h('select', { id, 'data-option': option.key, 'aria-describedby': `${id}-help` });
        for (const value of option.values) {
          const words = optionValue(option.key, value);
          select.append(h('option', { value }, value === option.default ? t('web-lobby-usual-value', { value: words }) : words));
        }
        optionsBox.append(
          h(
            'div',
            { class: 'option' },
            h('label', { for: id }, optionName(option.key)),
            select,
            h('small', { class: 'help', id: `${id}-help` }, optionHelp(option.key, option.help)),
          ),
        );
      }
    }

    gameSelect.addEventListener('change', showOptions);
    showOptions();
    fill(
      createForm,
      h('div', { class: 'option' }, h('label', { for: 'game' }, t('web-lobby-game')), gameSelect, rulesButton(() => gameSelect.value, 'new-rules')),
      // The buttons before the options (which have their usual values), so they are seen on a phone at once.
      h('div', { class: 'row' }, createButton, computerPart),
      optionsBox,
      h(
        'div',
        { class: 'option' },
        publicBox,
        h('label', { for: 'public' }, t('web-lobby-listed')),
      ),
    );

    /** The room asked for by the form; only the options changed from their defaults (some only make sense together with others: Magma's solo needs five players). */
    async function create() {
      /** @type {Record<string, string>} */
      const options = {};
      const game = games.find((g) => g.game === gameSelect.value);
      for (const option of game?.options ?? []) {
        const select = optionsBox.querySelector(`select[data-option="${option.key}"]`);
        if (select instanceof HTMLSelectElement && select.value !== option.default) options[option.key] = select.value;
      }
      const ack = await session.connection.request({
        type: 'create_room',
        game: gameSelect.value,
        options,
        public: publicBox.checked,
      });
      return { room: /** @type {string} */ (ack.room), invite: ack.invite };
    }

    /** @param {{room: string, invite?: string}} made */
    function enter({ room, invite }) {
      location.hash = `/room/${room}${invite ? `?invite=${invite}` : ''}`;
    }

    /**
     * Runs one of the form's actions with both buttons disabled, so a double
     * click makes one room.
     * @param {() => Promise<void>} action
     */
    async function once(action) {
      if (createButton.disabled) return;
      createButton.disabled = computerButton.disabled = true;
      try {
        await action();
      } catch (error) {
        sayError(error);
      } finally {
        createButton.disabled = computerButton.disabled = false;
      }
    }

    /** A new room with oneself in the first free seat, bots of the chosen level in all the others, started. */
    function playComputer() {
      return once(async () => {
        const made = await create();
        const { room, invite } = made;
        await session.connection.request({ type: 'join', room, ...(invite ? { invite } : {}) });
        for (let i = 0; i < MOST_BOTS; i += 1) {
          try {
            await session.connection.request({ type: 'add_bot', room, level: levelSelect.value || undefined, ...(invite ? { invite } : {}) });
          } catch (error) {
            if (error instanceof Error && 'code' in error && error.code === 'room-full') break;
            throw error;
          }
        }
        await session.connection.request({ type: 'start', room });
        enter(made);
      });
    }

    createForm.onsubmit = (event) => {
      event.preventDefault();
      once(async () => enter(await create()));
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
    roomsEmpty.textContent = openRooms.length > 0 ? t('web-lobby-no-match') : t('web-lobby-no-open-rooms');
    for (const room of rooms) {
      const taken = room.players.length ? t('web-lobby-taken-by', { taken: room.taken, seats: room.seats, players: room.players.join(', ') }) : t('web-lobby-taken', { taken: room.taken, seats: room.seats });
      roomsBody.append(roomRow(room, taken, t('web-lobby-open')));
    }
  }
  gameFilter.addEventListener('change', showRooms);
  playersFilter.addEventListener('change', showRooms);

  let shownPlaying = '';
  /** @type {RoomSummary[]} */
  let playingRooms = [];
  let playingTotal = 0;

  /**
   * The public games being played, the first few unless "Show all" was pressed.
   * @param {RoomSummary[]} rooms
   * @param {number} total how many there are in all (the server sends a page)
   */
  function showPlaying(rooms, total) {
    playingRooms = rooms;
    playingTotal = total;
    const shown = playingAll ? rooms : rooms.slice(0, PLAYING_SHOWN);
    const key = JSON.stringify([shown, total]);
    if (key === shownPlaying) return;
    shownPlaying = key;
    fill(playingBody);
    playingSection.hidden = rooms.length === 0;
    playingMore.hidden = shown.length >= rooms.length;
    playingMore.textContent = t('web-lobby-show-more', { more: rooms.length - shown.length, total });
    for (const room of shown) {
      playingBody.append(roomRow(room, room.players.join(', '), t('web-lobby-watch')));
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
        myGames.append(h('li', { 'data-room': id }, h('a', { href: `#/room/${id}` }, t('web-lobby-game-loading'))));
        continue;
      }
      const yours = st.you !== null && st.status === 'playing' && (st.play?.to_act ?? []).includes(st.you) && !st.play?.outcome;
      const whose =
        st.status === 'open'
          ? t('web-lobby-waiting-players')
          : st.play?.outcome
            ? t('web-lobby-finished')
            : yours
              ? t('web-lobby-your-turn')
              : t('web-lobby-waiting-for', { names: andList((st.play?.to_act ?? []).map((i) => st.seats[i]?.player?.name ?? st.seats[i]?.color ?? '')) });
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
      showPlaying(playing.rooms, playing.total ?? playing.rooms.length);
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
      away.refresh();
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
