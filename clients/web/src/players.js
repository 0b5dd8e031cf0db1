/** @file Accounts and players: the register / log-in form of the lobby, a player's page (`#/player/<id>`: name, ratings per game with the provisional mark, recent games linking to their replay) and a game's leaderboard (`#/leaderboard/<key>`). */

import { botSettings } from './bot_account.js';
import { fill, h, say, sayError } from './dom.js';
import { gameName } from './rules.js';
import { isBlocked, loadPreferences, onBlocks, reportForm, SAFETY_HREF, setBlocked } from './safety.js';

/** @typedef {import('./app.js').Session} Session */
/** @typedef {import('./app.js').View} View */
/** @typedef {import('./protocol.js').PlayerPage} PlayerPage */
/** @typedef {import('./protocol.js').Leaderboard} Leaderboard */

/** Every rating key, as the server names them. */
export const RATING_KEYS = ['magneton', 'magnetism', 'magnet', 'magma-2', 'magma-3', 'magma-4', 'magma-5', 'magma-6'];

/**
 * A rating key in words: `Magma, 4 players`.
 * @param {string} key
 */
export function keyName(key) {
  const magma = /^magma-(\d)$/.exec(key);
  return magma ? `${gameName('magma')}, ${magma[1]} players` : gameName(key);
}

/**
 * The address of a player's page.
 * @param {string} id
 */
export function playerHref(id) {
  return `#/player/${encodeURIComponent(id)}`;
}

/**
 * A link to a player's page, named by `name`.
 * @param {string} id
 * @param {string} name
 */
export function playerLink(id, name) {
  return h('a', { href: playerHref(id), class: 'player-link' }, name);
}

/**
 * JSON from the server's API, or an Error with the server's sentence.
 * @template T
 * @param {string} path
 * @returns {Promise<T>}
 */
async function getJson(path) {
  const response = await fetch(path);
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.message ?? `The server answered ${response.status}.`);
  return body;
}

/**
 * A player's page as the server has it.
 * @param {string} id
 * @returns {Promise<PlayerPage>}
 */
export function fetchPlayer(id) {
  return getJson(`/api/players/${encodeURIComponent(id)}`);
}

/**
 * A rating in words: `12.3 (provisional)`.
 * @param {{rating: number, provisional: boolean}} r
 */
function ratingText(r) {
  return `${r.rating.toFixed(1)}${r.provisional ? ' (provisional)' : ''}`;
}

/**
 * The lobby's account part: for a guest, a form to register (this guest
 * becomes an account) or log in (on a new device); for an account, who it
 * is and a link to its page. `refresh` is called once the server has
 * welcomed us.
 * @param {Session} session
 */
export function accountSection(session) {
  const body = h('div', { class: 'account' });
  const nameInput = h('input', { id: 'account-name', name: 'username', maxlength: 32, required: true, autocomplete: 'username' });
  const passwordInput = h('input', {
    id: 'account-password',
    name: 'password',
    type: 'password',
    minlength: 8,
    maxlength: 128,
    required: true,
    autocomplete: 'current-password',
  });
  /** @param {'register' | 'login'} kind */
  const submit = async (kind) => {
    const name = nameInput.value.trim();
    const password = passwordInput.value;
    if (!name || !password) {
      say('Give a name and a password (8 to 128 characters).', 'error');
      return;
    }
    try {
      if (kind === 'register') {
        await session.connection.request({ type: 'register', name, password });
        await session.rename(name);
        say(`You are now the account ${name}: log in with it on another device.`);
      } else {
        const welcome = await session.connection.request({ type: 'login', name, password });
        say(`Welcome back, ${welcome.guest.name}.`);
        await session.loggedIn(welcome);
        return;
      }
      passwordInput.value = '';
      await refresh();
    } catch (error) {
      sayError(error);
    }
  };
  const form = h(
    'form',
    {
      class: 'account-form',
      id: 'account-form',
      onsubmit: (event) => {
        event.preventDefault();
        const submitter = /** @type {SubmitEvent} */ (event).submitter;
        submit(submitter?.id === 'account-register' ? 'register' : 'login');
      },
    },
    h('p', { class: 'hint' }, 'Optional: an account keeps your games and ratings on every device. No e-mail needed.'),
    h('div', { class: 'row' }, h('label', { for: 'account-name' }, 'Account name'), nameInput),
    h('div', { class: 'row' }, h('label', { for: 'account-password' }, 'Password'), passwordInput),
    h(
      'div',
      { class: 'row' },
      h('button', { type: 'submit', id: 'account-login' }, 'Log in'),
      h('button', { type: 'submit', id: 'account-register' }, 'Make this guest an account'),
    ),
  );
  async function refresh() {
    const guest = session.guest;
    if (!guest) return;
    try {
      const page = await fetchPlayer(guest.id);
      if (page.account) {
        const bot = botSettings(session);
        fill(body, h('p', { id: 'account-status' }, 'Account ', h('strong', {}, page.name), ' · ', playerLink(page.id, 'your page')), bot.element);
        await bot.refresh();
      } else {
        nameInput.value ||= session.name();
        fill(body, form);
      }
    } catch (error) {
      fill(body, h('p', { class: 'hint' }, 'Accounts are not available right now.'));
    }
  }
  const element = h(
    'section',
    { 'aria-labelledby': 'account-h', id: 'account' },
    h('h2', { id: 'account-h' }, 'Account'),
    body,
    h('p', {}, 'Leaderboards: ', ...RATING_KEYS.flatMap((k, i) => [i ? ' · ' : '', h('a', { href: `#/leaderboard/${k}` }, keyName(k))])),
  );
  return { element, refresh };
}

/**
 * What one may do about the player of a page: block or unblock, report;
 * on one's own page, a link to one's safety settings and data.
 * @param {Session} session
 * @param {PlayerPage} page
 */
function playerActions(session, page) {
  const element = h('section', { class: 'player-actions', 'aria-labelledby': 'player-actions-h' });
  const reporting = h('div', { id: 'player-reporting' });
  function draw() {
    const me = session.guest?.id;
    if (!me) return fill(element);
    if (me === page.id) {
      fill(element, h('h3', { id: 'player-actions-h' }, 'You'), h('p', {}, h('a', { href: SAFETY_HREF, id: 'player-safety' }, 'Safety and my data')));
      return;
    }
    const blocking = isBlocked(page.id);
    fill(
      element,
      h('h3', { id: 'player-actions-h' }, 'Block or report'),
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', id: 'player-block', onclick: () => setBlocked(session, page.id, page.name, !blocking) }, blocking ? `Unblock ${page.name}` : `Block ${page.name}`),
        h('button', { type: 'button', id: 'player-report', onclick: () => fill(reporting, reportForm(session, { player: page.id, name: page.name }, () => fill(reporting))) }, `Report ${page.name}`),
      ),
      reporting,
    );
  }
  return { element, draw };
}

/**
 * A player's page: `#/player/<id>`.
 * @param {Session} session
 * @param {string} id
 * @returns {View}
 */
export function playerView(session, id) {
  const element = h('div', { class: 'player-page' }, h('p', {}, 'Loading the player…'));
  /** @type {ReturnType<typeof playerActions> | null} */
  let actions = null;
  const stop = onBlocks(() => actions?.draw());
  /** Draws the actions once both the page and who we are are known. */
  const ready = () => {
    if (!actions || !session.guest) return;
    loadPreferences(session).catch(() => actions?.draw());
  };
  fetchPlayer(id).then(
    (page) => {
      actions = playerActions(session, page);
      const ratings = page.ratings.length
        ? h(
            'table',
            { class: 'ratings' },
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Game'), h('th', { scope: 'col' }, 'Rating'), h('th', { scope: 'col' }, 'Rated games'))),
            h(
              'tbody',
              {},
              ...page.ratings.map((r) =>
                h('tr', {}, h('td', {}, h('a', { href: `#/leaderboard/${r.game}` }, keyName(r.game))), h('td', {}, ratingText(r)), h('td', {}, r.games)),
              ),
            ),
          )
        : h('p', { class: 'hint' }, 'No rated games yet.');
      const recent = page.recent.length
        ? h(
            'ul',
            { class: 'recent-games' },
            ...page.recent.map((g) =>
              h(
                'li',
                {},
                h('a', { href: g.replay }, `${keyName(g.game)}: ${g.result}`),
                g.rated ? ' (rated)' : '',
                ' · ',
                new Date(g.finished_at).toLocaleString(),
              ),
            ),
          )
        : h('p', { class: 'hint' }, 'No finished games yet.');
      fill(
        element,
        h('p', {}, h('a', { href: '#/' }, '← Lobby')),
        h('h2', { id: 'player-name' }, page.name),
        h('p', {}, page.bot ? (page.account ? 'A bot account: a program plays it.' : 'A computer player.') : page.account ? 'An account.' : 'A guest.'),
        h('section', { 'aria-labelledby': 'ratings-h' }, h('h3', { id: 'ratings-h' }, 'Ratings'), ratings),
        h(
          'p',
          { class: 'hint' },
          'A rating is the skill estimate minus three times its uncertainty (Weng-Lin); provisional until five rated games.',
        ),
        h('section', { 'aria-labelledby': 'recent-h' }, h('h3', { id: 'recent-h' }, 'Recent games'), recent),
        actions.element,
      );
      ready();
    },
    (error) => fill(element, h('p', {}, h('a', { href: '#/' }, '← Lobby')), h('p', { role: 'alert' }, String(error.message ?? error))),
  );
  return {
    element,
    connected: ready,
    push() {},
    destroy() {
      stop();
    },
  };
}

/**
 * A leaderboard: `#/leaderboard/<key>`.
 * @param {Session} _session
 * @param {string} key
 * @returns {View}
 */
export function leaderboardView(_session, key) {
  const element = h('div', { class: 'leaderboard' }, h('p', {}, 'Loading the leaderboard…'));
  /** @type {Promise<Leaderboard>} */
  const board = getJson(`/api/leaderboard?game=${encodeURIComponent(key)}`);
  board.then(
    (b) => {
      fill(
        element,
        h('p', {}, h('a', { href: '#/' }, '← Lobby')),
        h('h2', { id: 'leaderboard-h' }, `Leaderboard: ${keyName(b.game)}`),
        b.players.length
          ? h(
              'table',
              { class: 'leaders', 'aria-labelledby': 'leaderboard-h' },
              h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Rating'), h('th', { scope: 'col' }, 'Rated games'))),
              h('tbody', {}, ...b.players.map((p) => h('tr', {}, h('td', {}, p.rank), h('td', {}, playerLink(p.id, p.name), p.bot ? h('span', { class: 'tag' }, 'bot') : null), h('td', {}, ratingText(p)), h('td', {}, p.games)))),
            )
          : h('p', { class: 'hint' }, 'Nobody has played a rated game of this kind yet.'),
      );
    },
    (error) => fill(element, h('p', {}, h('a', { href: '#/' }, '← Lobby')), h('p', { role: 'alert' }, String(error.message ?? error))),
  );
  return { element, connected() {}, push() {}, destroy() {} };
}
