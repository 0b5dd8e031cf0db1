/** @file The client's entry point: the guest's identity (name and token in localStorage), the connection, the "reconnecting" notice, and switching between the lobby and a room by the address's #fragment. */

import { Connection, PROTOCOL, ServerError, serverSocketUrl } from './protocol.js';
/** @typedef {import('./protocol.js').Link} Link */
import { fill, h, sayError } from './dom.js';
import { lobbyView } from './lobby.js';
import { roomView } from './room.js';
import { leaderboardView, playerHref, playerView } from './players.js';
import { followVisibility, sayVisibility, showOffline, startApp } from './notify.js';
import { tournamentView, tournamentsView } from './tournaments.js';
import { language, loadWords, pickLanguage, t, translatePage } from './i18n.js';
import { settings } from './settings.js';
import { consoleLink, consoleView } from './console.js';
import { safetyLink, safetyView } from './safety.js';

/** @typedef {import('./protocol.js').Message} Message */
/** @typedef {import('./protocol.js').Guest} Guest */

const NAME_KEY = 'lodestone.name';
const TOKEN_KEY = 'lodestone.token';

/**
 * What every view may use: the connection and who we are.
 * @typedef {object} Session
 * @property {Connection} connection
 * @property {Guest | null} guest the guest we are, once the server has welcomed us
 * @property {string[]} myRooms unfinished rooms where we hold a seat (from the welcome)
 * @property {() => string} name our display name
 * @property {() => string | null} token our guest token, the key to our seats
 * @property {(name: string) => Promise<void>} rename changes our display name (kept in this browser)
 * @property {(welcome: import('./protocol.js').MessageOf<'welcome'>) => Promise<void>} loggedIn keeps the account's token and name of a `login`, and shows the page again as the account
 */

/**
 * A page of the client.
 * @typedef {object} View
 * @property {HTMLElement} element
 * @property {() => void} connected called after every (re)connect once we are welcomed
 * @property {(message: Message) => void} push a message pushed by the server
 * @property {() => void} destroy called when the page is left
 * @property {() => void} [connection] called when the connection stops or starts being live
 */

/** A name for a first visit, until the person chooses one. */
function defaultName() {
  return t('web-default-name', { number: String(Math.floor(1000 + Math.random() * 9000)) });
}

function storedName() {
  let name = localStorage.getItem(NAME_KEY);
  if (!name) {
    name = defaultName();
    localStorage.setItem(NAME_KEY, name);
  }
  return name;
}

const main = /** @type {HTMLElement} */ (document.getElementById('app'));
const notice = /** @type {HTMLElement} */ (document.getElementById('notice'));
const whoami = /** @type {HTMLElement} */ (document.getElementById('whoami'));

/** @type {View | null} */
let view = null;

/** @type {Promise<void>} */
let helloDone = Promise.resolve();

/**
 * Says hello on `link` (with our token if we have one) and remembers who
 * we are. One hello at a time: a rename during the first hello waits for
 * its token, and a node a `moved` names hears the same token.
 * @param {Link} link
 */
function hello(link) {
  helloDone = helloDone.catch(() => {}).then(() => sayHello(link));
  return helloDone;
}

/** @param {Link} link */
async function sayHello(link) {
  const name = storedName();
  const token = localStorage.getItem(TOKEN_KEY);
  // The server's refusals come back in the page's language (codes unchanged).
  const lang = language();
  /** @type {import('./protocol.js').MessageOf<'welcome'>} */
  let welcome;
  try {
    welcome = await link.request(
      token ? { type: 'hello', protocol: PROTOCOL, token, name, lang } : { type: 'hello', protocol: PROTOCOL, name, lang },
    );
  } catch (error) {
    // Another node (a `moved`) knows every token the home node knows.
    if (!link.home || !(error instanceof ServerError) || error.code !== 'bad-token') throw error;
    // The server does not know this token (a new database): start afresh.
    localStorage.removeItem(TOKEN_KEY);
    welcome = await link.request({ type: 'hello', protocol: PROTOCOL, name, lang });
  }
  if (welcome.token) localStorage.setItem(TOKEN_KEY, welcome.token);
  welcomed(welcome, link.home);
}

/**
 * Remembers who the server says we are.
 * @param {import('./protocol.js').MessageOf<'welcome'>} welcome
 * @param {boolean} home whether the home node said it
 */
function welcomed(welcome, home) {
  session.guest = welcome.guest;
  // The rooms of the home node's welcome; any node's list is the same.
  if (home) session.myRooms = welcome.rooms;
  fill(whoami, t('web-whoami-playing-as'), ' ', h('a', { href: playerHref(welcome.guest.id) }, h('strong', {}, welcome.guest.name)), ' · ');
  safetyLink(whoami);
  if (home) consoleLink(session, whoami);
}

/** @type {Session} */
const session = {
  connection: new Connection(serverSocketUrl(), {
    async onOpen(link) {
      try {
        await hello(link);
        await sayVisibility(link);
      } catch (error) {
        sayError(error);
        throw error;
      }
      // Another node's socket: the connection watches its rooms there.
      if (link.home) view?.connected();
    },
    onPush(message) {
      view?.push(message);
    },
    onStatus(status, retryInMs, silentMs) {
      // How long after the last word from the server a lost connection was noticed.
      if (status !== 'open') document.body.dataset.silentMs = String(silentMs);
      showStatus(status, retryInMs);
    },
  }),
  guest: null,
  myRooms: [],
  name: storedName,
  token: () => localStorage.getItem(TOKEN_KEY),
  async rename(name) {
    localStorage.setItem(NAME_KEY, name);
    for (const link of session.connection.openLinks()) await hello(link);
  },
  async loggedIn(welcome) {
    if (welcome.token) localStorage.setItem(TOKEN_KEY, welcome.token);
    localStorage.setItem(NAME_KEY, welcome.guest.name);
    welcomed(welcome, true);
    // Other nodes' sockets say who we are now too.
    for (const link of session.connection.openLinks()) if (!link.home) await hello(link);
    route();
  },
};

/** Whether this page has reached the server once. */
let reached = false;

/**
 * @param {import('./protocol.js').Status} status
 * @param {number} retryInMs
 */
function showStatus(status, retryInMs) {
  document.body.dataset.connection = status;
  view?.connection?.();
  if (status === 'open') {
    reached = true;
    delete document.body.dataset.offline;
    notice.hidden = true;
    fill(notice);
    return;
  }
  notice.hidden = false;
  // A page that never reached the server came from the worker's copy:
  // it shows the games it last knew (a page that was live keeps its view).
  if (!reached && status !== 'connecting') showOffline(notice);
  else if (status === 'connecting') fill(notice, t('web-connection-connecting'));
  else {
    const seconds = Math.ceil(retryInMs / 1000);
    fill(notice, retryInMs > 0 ? t('web-connection-lost-retry', { seconds }) : t('web-connection-lost'));
  }
}

/** Shows the page the address names: `#/room/<id>?invite=<code>`, a position of its game `#/room/<id>/ply/<n>`, `#/player/<id>`, `#/leaderboard/<key>`, `#/tournaments`, `#/tournament/<id>?invite=<code>`, `#/console`, `#/safety` or the lobby. */
function route() {
  view?.destroy();
  const hash = location.hash.replace(/^#/, '');
  const [path, query = ''] = hash.split('?');
  const params = new URLSearchParams(query);
  const room = /^\/room\/([0-9a-fA-F-]+)(?:\/ply\/(\d+))?$/.exec(path);
  const ply = room?.[2] === undefined ? null : Number(room[2]);
  const player = /^\/player\/([^/]+)$/.exec(path);
  const leaders = /^\/leaderboard\/([a-z0-9-]+)$/.exec(path);
  const tournament = /^\/tournament\/([0-9a-fA-F-]+)$/.exec(path);
  if (room) view = roomView(session, room[1], params.get('invite'), ply);
  else if (player) view = playerView(session, decodeURIComponent(player[1]));
  else if (leaders) view = leaderboardView(session, leaders[1]);
  else if (tournament) view = tournamentView(session, tournament[1], params.get('invite'));
  else if (path === '/tournaments') view = tournamentsView(session);
  else if (path === '/console') view = consoleView(session);
  else if (path === '/safety') view = safetyView(session);
  else view = lobbyView(session);
  fill(main, view.element);
  if (session.connection.ready && session.guest) view.connected();
}

// The words first: every view is built in the reader's language.
await loadWords(pickLanguage(settings().language, navigator.languages));
translatePage(document);
window.addEventListener('hashchange', route);
window.addEventListener('online', () => session.connection.retryNow());
route();
session.connection.connect();
followVisibility(session);
startApp();
