/** @file The embeddable replay of a game (`/embed/room/<id>` and `/embed/room/<id>/ply/<n>`, the only pages another site may frame): the board at a ply with its controls (first, back, forward, last, the arrow keys) and nothing else, as a spectator sees it (a running game only as far as a spectator may see it; a private room with its `?invite=`), from `GET /api/rooms/<id>/ply/<n>`. */

import { fill, h } from './dom.js';
import { createBoard, showOnly } from './boards/index.js';
import { gameName } from './rules.js';
import { languageHeader, loadWords, pickLanguage, t } from './i18n.js';
import { settings } from './settings.js';
import { colorName, endWords } from './words.js';

/** @typedef {import('./wire.js').RoomState} RoomState */
/** @typedef {{room: string, ply: number, plies: number, version: number, revealed: boolean, state: RoomState}} PlyView */

const main = /** @type {HTMLElement} */ (document.getElementById('embed'));
// `/embed/room/<id>[/ply/<n>]`
const [, , , roomId = '', , startPly] = location.pathname.split('/');
const invite = new URLSearchParams(location.search).get('invite');
const query = invite ? `?invite=${encodeURIComponent(invite)}` : '';

// The words first, in the language asked for by the embedding page
// (`?lang=fr`), else the one chosen on this site, else the browser's.
await loadWords(pickLanguage(new URLSearchParams(location.search).get('lang') ?? settings().language, navigator.languages));

/** Plies already fetched (a past ply does not change). @type {Map<string, PlyView>} */
const fetched = new Map();

/**
 * Ply `n` (or `latest`) of the room, as a spectator sees it.
 * @param {number | 'latest'} n
 * @returns {Promise<PlyView>}
 */
async function fetchPly(n) {
  const key = String(n);
  const known = fetched.get(key);
  if (known) return known;
  const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/ply/${key}${query}`, { headers: languageHeader() });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.message ?? t('web-server-answered', { status: response.status }));
  fetched.set(String(answer.ply), answer);
  return answer;
}

/**
 * A step button.
 * @param {string} id
 * @param {string} label its accessible name
 * @param {string} text
 * @param {() => number} target the ply it goes to
 */
function step(id, label, text, target) {
  return h('button', { type: 'button', id, 'aria-label': label, title: label, onclick: () => show(target()) }, text);
}

let current = /** @type {PlyView | null} */ (null);
/** @type {import('./boards/index.js').Board | null} */
let board = null;
const title = h('h1', { class: 'embed-title', id: 'embed-title' });
const at = h('span', { id: 'embed-at', 'aria-live': 'polite' });
const boardHost = h('div', { class: 'embed-board' });
const controls = h(
  'nav',
  { class: 'row replay-bar', 'aria-label': t('web-replay-bar') },
  step('embed-first', t('web-replay-first'), '«', () => 0),
  step('embed-back', t('web-replay-back'), '◀', () => Math.max(0, (current?.ply ?? 0) - 1)),
  at,
  step('embed-forward', t('web-replay-forward'), '▶', () => Math.min(current?.plies ?? 0, (current?.ply ?? 0) + 1)),
  step('embed-last', t('web-replay-last'), '»', () => current?.plies ?? 0),
);

/**
 * Draws ply `n`.
 * @param {number | 'latest'} n
 */
async function show(n) {
  let view;
  try {
    view = await fetchPly(n);
  } catch (error) {
    fill(main, h('p', { class: 'error', id: 'embed-error' }, error instanceof Error ? error.message : String(error)));
    return;
  }
  current = view;
  const { state } = view;
  const play = state.play;
  if (!board) {
    board = createBoard(state.game);
    fill(main, title, boardHost, controls);
    fill(boardHost, board.element, board.info);
  }
  const names = state.seats.map((s) => s.player?.name ?? colorName(s.color));
  /** @param {number} seat */
  const who = (seat) => t('web-seat-taken', { name: names[seat] ?? String(seat), color: colorName(state.seats[seat]?.color ?? '') });
  const players = names.reduce((before, after) => t('web-embed-versus', { before, after }));
  const end = view.ply === view.plies ? endWords(state, who) : null;
  fill(title, end ? t('web-embed-title-end', { game: gameName(state.game), players, result: end.head }) : t('web-embed-title', { game: gameName(state.game), players }));
  fill(at, t('web-embed-at', { ply: view.ply, plies: view.plies }));
  if (play) {
    showOnly(board, state, play, { narrow: window.innerWidth < 520, who, name: (seat) => names[seat] ?? String(seat) });
  }
  document.title = t('web-embed-page-title', { game: gameName(state.game) });
}

document.addEventListener('keydown', (event) => {
  if (!current) return;
  const to = { ArrowLeft: current.ply - 1, ArrowRight: current.ply + 1, Home: 0, End: current.plies }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  show(Math.max(0, Math.min(current.plies, to)));
});

show(startPly === undefined ? 'latest' : Number(startPly));
