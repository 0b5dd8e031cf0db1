/** @file Accounts and players: the register / log-in form of the lobby, a player's page (`#/player/<id>`: name, ratings per game with the provisional mark, recent games linking to their replay) and a game's leaderboard (`#/leaderboard/<key>`). */

import { botSettings } from './bot_account.js';
import { fill, h, say, sayError } from './dom.js';
import { gameName } from './rules.js';
import { isBlocked, loadPreferences, onBlocks, reportForm, SAFETY_HREF, setBlocked } from './safety.js';
import { formatDate, languageHeader, t } from './i18n.js';

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
  return magma ? t('web-key-magma-players', { game: gameName('magma'), count: Number(magma[1]) }) : gameName(key);
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
  const response = await fetch(path, { headers: languageHeader() });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.message ?? t('web-server-answered', { status: response.status }));
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
  return r.provisional ? t('web-rating-provisional', { rating: r.rating.toFixed(1) }) : r.rating.toFixed(1);
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
      say(t('web-account-give-both'), 'error');
      return;
    }
    try {
      if (kind === 'register') {
        await session.connection.request({ type: 'register', name, password });
        await session.rename(name);
        say(t('web-account-registered', { name }));
      } else {
        const welcome = await session.connection.request({ type: 'login', name, password });
        say(t('web-account-welcome-back', { name: welcome.guest.name }));
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
    h('p', { class: 'hint' }, t('web-account-optional')),
    h('div', { class: 'row' }, h('label', { for: 'account-name' }, t('web-account-name')), nameInput),
    h('div', { class: 'row' }, h('label', { for: 'account-password' }, t('web-account-password')), passwordInput),
    h(
      'div',
      { class: 'row' },
      h('button', { type: 'submit', id: 'account-login' }, t('web-account-login')),
      h('button', { type: 'submit', id: 'account-register' }, t('web-account-register')),
    ),
  );
  async function refresh() {
    const guest = session.guest;
    if (!guest) return;
    try {
      const page = await fetchPlayer(guest.id);
      if (page.account) {
        const bot = botSettings(session);
        fill(body, h('p', { id: 'account-status' }, t('web-account-status'), ' ', h('strong', {}, page.name), ' · ', playerLink(page.id, t('web-account-your-page'))), bot.element);
        await bot.refresh();
      } else {
        nameInput.value ||= session.name();
        fill(body, form);
      }
    } catch (error) {
      fill(body, h('p', { class: 'hint' }, t('web-account-unavailable')));
    }
  }
  const element = h(
    'section',
    { 'aria-labelledby': 'account-h', id: 'account' },
    h('h2', { id: 'account-h' }, t('web-account')),
    body,
    h('p', {}, t('web-account-leaderboards'), ' ', ...RATING_KEYS.flatMap((k, i) => [i ? ' · ' : '', h('a', { href: `#/leaderboard/${k}` }, keyName(k))])),
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
      fill(element, h('h3', { id: 'player-actions-h' }, t('web-player-you')), h('p', {}, h('a', { href: SAFETY_HREF, id: 'player-safety' }, t('web-player-safety'))));
      return;
    }
    const blocking = isBlocked(page.id);
    fill(
      element,
      h('h3', { id: 'player-actions-h' }, t('web-player-block-or-report')),
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'button', id: 'player-block', onclick: () => setBlocked(session, page.id, page.name, !blocking) }, blocking ? t('web-player-unblock', { name: page.name }) : t('web-player-block', { name: page.name })),
        h('button', { type: 'button', id: 'player-report', onclick: () => fill(reporting, reportForm(session, { player: page.id, name: page.name }, () => fill(reporting))) }, t('web-player-report', { name: page.name })),
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
  const element = h('div', { class: 'player-page' }, h('p', {}, t('web-player-loading')));
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
            h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('web-player-game')), h('th', { scope: 'col' }, t('web-player-rating')), h('th', { scope: 'col' }, t('web-player-rated-games')))),
            h(
              'tbody',
              {},
              ...page.ratings.map((r) =>
                h('tr', {}, h('td', {}, h('a', { href: `#/leaderboard/${r.game}` }, keyName(r.game))), h('td', {}, ratingText(r)), h('td', {}, r.games)),
              ),
            ),
          )
        : h('p', { class: 'hint' }, t('web-player-no-rated'));
      const recent = page.recent.length
        ? h(
            'ul',
            { class: 'recent-games' },
            ...page.recent.map((g) =>
              h(
                'li',
                {},
                h('a', { href: g.replay }, t('web-player-recent-result', { game: keyName(g.game), result: g.result })),
                g.rated ? ` ${t('web-player-rated')}` : '',
                ' · ',
                formatDate(g.finished_at),
              ),
            ),
          )
        : h('p', { class: 'hint' }, t('web-player-no-finished'));
      fill(
        element,
        h('p', {}, h('a', { href: '#/' }, t('web-back-to-lobby'))),
        h('h2', { id: 'player-name' }, page.name),
        h('p', {}, page.bot ? (page.account ? t('web-player-bot-account') : t('web-player-computer')) : page.account ? t('web-player-account') : t('web-player-guest')),
        h('section', { 'aria-labelledby': 'ratings-h' }, h('h3', { id: 'ratings-h' }, t('web-player-ratings')), ratings),
        h(
          'p',
          { class: 'hint' },
          t('web-player-rating-explained'),
        ),
        h('section', { 'aria-labelledby': 'recent-h' }, h('h3', { id: 'recent-h' }, t('web-player-recent')), recent),
        actions.element,
      );
      ready();
    },
    (error) => fill(element, h('p', {}, h('a', { href: '#/' }, t('web-back-to-lobby'))), h('p', { role: 'alert' }, String(error.message ?? error))),
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
  const element = h('div', { class: 'leaderboard' }, h('p', {}, t('web-leaderboard-loading')));
  /** @type {Promise<Leaderboard>} */
  const board = getJson(`/api/leaderboard?game=${encodeURIComponent(key)}`);
  board.then(
    (b) => {
      fill(
        element,
        h('p', {}, h('a', { href: '#/' }, t('web-back-to-lobby'))),
        h('h2', { id: 'leaderboard-h' }, t('web-leaderboard', { game: keyName(b.game) })),
        b.players.length
          ? h(
              'table',
              { class: 'leaders', 'aria-labelledby': 'leaderboard-h' },
              h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, '#'), h('th', { scope: 'col' }, t('web-leaderboard-player')), h('th', { scope: 'col' }, t('web-player-rating')), h('th', { scope: 'col' }, t('web-player-rated-games')))),
              h('tbody', {}, ...b.players.map((p) => h('tr', {}, h('td', {}, p.rank), h('td', {}, playerLink(p.id, p.name), p.bot ? h('span', { class: 'tag' }, t('web-leaderboard-bot')) : null), h('td', {}, ratingText(p)), h('td', {}, p.games)))),
            )
          : h('p', { class: 'hint' }, t('web-leaderboard-empty')),
      );
    },
    (error) => fill(element, h('p', {}, h('a', { href: '#/' }, t('web-back-to-lobby'))), h('p', { role: 'alert' }, String(error.message ?? error))),
  );
  return { element, connected() {}, push() {}, destroy() {} };
}
