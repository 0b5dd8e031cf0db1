/** @file A player's own safety and data (issue 32): blocking a player and reporting a player or a chat line (from the chat and from a player's page), and the page `#/safety` with zen, muting the spectators of one's games, the players one blocks, a download of everything the server holds about one (JSON) and deleting one's account after a second, confirming step. Everything goes through the server's messages (`block`, `unblock`, `report`, `preferences`, `set_preferences`, `export_my_data`, `delete_account`). */

import { fill, h, say, sayError } from './dom.js';
import { ServerError } from './protocol.js';

/** @typedef {import('./app.js').Session} Session */
/** @typedef {import('./app.js').View} View */

export const SAFETY_HREF = '#/safety';
const TOKEN_KEY = 'lodestone.token';

/** The players this person blocks, id → name, as the server last said. @type {Map<string, string>} */
const blocked = new Map();
/** @type {Set<() => void>} */
const listeners = new Set();

/** Whether this person blocks the guest `id` (as far as this page knows). @param {string} id */
export function isBlocked(id) {
  return blocked.has(id);
}

/**
 * Calls `listener` whenever the blocks change; returns what stops it.
 * @param {() => void} listener
 */
export function onBlocks(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed() {
  for (const listener of [...listeners]) listener();
}

/**
 * Asks the server for this person's settings, blocks and role (and keeps the blocks).
 * @param {Session} session
 */
export async function loadPreferences(session) {
  const prefs = await session.connection.request({ type: 'preferences' });
  blocked.clear();
  for (const b of prefs.blocked) blocked.set(b.id, b.name);
  changed();
  return prefs;
}

/**
 * Blocks (`on`) or unblocks a player, and says so.
 * @param {Session} session
 * @param {string} id
 * @param {string} name
 * @param {boolean} on
 */
export async function setBlocked(session, id, name, on) {
  try {
    await session.connection.request({ type: on ? 'block' : 'unblock', player: id });
    if (on) blocked.set(id, name);
    else blocked.delete(id);
    changed();
    say(on ? `You block ${name}: you no longer see their chat, and you are never seated together.` : `You no longer block ${name}.`);
  } catch (error) {
    sayError(error);
  }
}

/**
 * A form that reports a player (about a room's chat line when `line` is
 * given) to the moderators; `done` is called when it is sent or given up.
 * @param {Session} session
 * @param {{player: string, name: string, room?: string, line?: number, quote?: string}} about
 * @param {() => void} done
 */
export function reportForm(session, about, done) {
  const reason = h('input', { id: 'report-reason', maxlength: 500, required: true, autocomplete: 'off' });
  const form = h(
    'form',
    { class: 'report-form', id: 'report-form', 'aria-labelledby': 'report-h' },
    h('h4', { id: 'report-h' }, `Report ${about.name} to the moderators`),
    about.quote === undefined ? null : h('p', { class: 'hint' }, 'About the line: ', h('q', {}, about.quote)),
    h('label', { for: 'report-reason' }, 'What is wrong (the moderators read it)'),
    h('div', { class: 'row' }, reason, h('button', { type: 'submit', id: 'report-send' }, 'Send the report'), h('button', { type: 'button', id: 'report-cancel', onclick: done }, 'Cancel')),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = reason.value.trim();
    if (!text) return;
    try {
      await session.connection.request({ type: 'report', player: about.player, room: about.room, line: about.line, reason: text });
      say(`Your report about ${about.name} is with the moderators.`);
      done();
    } catch (error) {
      sayError(error);
    }
  });
  queueMicrotask(() => reason.focus());
  return form;
}

/**
 * Adds a link to the safety page to `place` (the page's header).
 * @param {HTMLElement} place
 */
export function safetyLink(place) {
  place.querySelector('.safety-link')?.remove();
  place.append(h('a', { href: SAFETY_HREF, class: 'safety-link' }, 'Safety and my data'));
}

/**
 * Saves `data` as a JSON file named `name` (the browser's download).
 * @param {unknown} data
 * @param {string} name
 */
function download(data, name) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The page `#/safety`.
 * @param {Session} session
 * @returns {View}
 */
export function safetyView(session) {
  const request = session.connection.request.bind(session.connection);
  const zen = h('input', { type: 'checkbox', id: 'safety-zen', disabled: true });
  const mute = h('input', { type: 'checkbox', id: 'safety-mute', disabled: true });
  const blockList = h('div', { id: 'blocked-list' });
  const deletion = h('div', { id: 'delete-part' });
  const element = h(
    'div',
    { class: 'safety-page' },
    h('p', {}, h('a', { href: '#/' }, '← Lobby')),
    h('h2', { id: 'safety-h' }, 'Safety and my data'),
    h(
      'section',
      { 'aria-labelledby': 'safety-settings-h' },
      h('h3', { id: 'safety-settings-h' }, 'Chat'),
      h('div', { class: 'setting' }, zen, ' ', h('label', { for: 'safety-zen' }, 'Zen: hide every chat line from me')),
      h('div', { class: 'setting' }, mute, ' ', h('label', { for: 'safety-mute' }, 'Mute the spectators of my games (they may not chat there)')),
    ),
    h('section', { 'aria-labelledby': 'blocked-h' }, h('h3', { id: 'blocked-h' }, 'Players I block'), blockList),
    h(
      'section',
      { 'aria-labelledby': 'data-h' },
      h('h3', { id: 'data-h' }, 'My data'),
      h('p', { class: 'hint' }, 'Everything the server holds about you, as one JSON file.'),
      h('button', { type: 'button', id: 'export-data', onclick: exportData }, 'Download my data (JSON)'),
    ),
    h('section', { 'aria-labelledby': 'delete-h' }, h('h3', { id: 'delete-h' }, 'Delete my account'), deletion),
  );

  /** @param {'zen' | 'mute_spectators'} key @param {HTMLInputElement} box */
  const follow = (key, box) =>
    box.addEventListener('change', async () => {
      try {
        await request(key === 'zen' ? { type: 'set_preferences', zen: box.checked } : { type: 'set_preferences', mute_spectators: box.checked });
        // What the server keeps now (tests and styles may read it).
        box.dataset.saved = String(box.checked);
        say(`${key === 'zen' ? 'Zen' : 'Spectators muted'}: ${box.checked ? 'on' : 'off'}.`);
      } catch (error) {
        box.checked = !box.checked;
        sayError(error);
      }
    });
  follow('zen', zen);
  follow('mute_spectators', mute);

  function drawBlocks() {
    fill(
      blockList,
      blocked.size
        ? h(
            'ul',
            { class: 'blocked' },
            ...[...blocked].map(([id, name]) =>
              h(
                'li',
                {},
                h('a', { href: `#/player/${encodeURIComponent(id)}` }, name),
                ' ',
                h('button', { type: 'button', class: 'unblock', 'aria-label': `Unblock ${name}`, onclick: () => setBlocked(session, id, name, false) }, 'Unblock'),
              ),
            ),
          )
        : h('p', { class: 'hint' }, 'You block nobody. Block a player from their page or from one of their chat lines.'),
    );
  }
  const stop = onBlocks(drawBlocks);
  drawBlocks();

  async function exportData() {
    try {
      const answer = await request({ type: 'export_my_data' });
      download(answer.data, 'lodestone-my-data.json');
      say('Your data is downloaded.');
    } catch (error) {
      sayError(error);
    }
  }

  /** The first step: what deleting does, and a button that asks again. */
  function drawDeleteStart() {
    fill(
      deletion,
      h('p', { class: 'hint' }, 'Your games stay, with your name replaced; your ratings, settings and blocks go. This cannot be undone.'),
      h('button', { type: 'button', id: 'delete-start', onclick: () => drawDeleteConfirm() }, 'Delete my account…'),
    );
  }

  /** The confirming step: the password of an account, and a last button. */
  async function drawDeleteConfirm() {
    const me = session.guest?.id;
    let account = false;
    try {
      const page = me ? await fetch(`/api/players/${encodeURIComponent(me)}`).then((r) => r.json()) : null;
      account = page?.account === true;
    } catch {
      // A guest is asked for no password; the server refuses if one was due.
    }
    const password = h('input', { id: 'delete-password', type: 'password', maxlength: 128, autocomplete: 'current-password' });
    const form = h(
      'form',
      { id: 'delete-confirm', role: 'alertdialog', 'aria-labelledby': 'delete-confirm-h', 'aria-describedby': 'delete-confirm-text' },
      h('p', { id: 'delete-confirm-h' }, h('strong', {}, 'Delete your account for good?')),
      h('p', { id: 'delete-confirm-text' }, account ? 'Type your password to confirm.' : 'You play as a guest: this guest and its name go, now.'),
      account ? h('div', { class: 'row' }, h('label', { for: 'delete-password' }, 'Password'), password) : null,
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'submit', id: 'delete-yes', class: 'danger' }, 'Yes, delete my account'),
        h('button', { type: 'button', id: 'delete-no', onclick: () => drawDeleteStart() }, 'No, keep it'),
      ),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        await request(account ? { type: 'delete_account', password: password.value } : { type: 'delete_account' });
      } catch (error) {
        if (error instanceof ServerError && error.code === 'bad-login') say('That is not your password: nothing was deleted.', 'error');
        else sayError(error);
        return;
      }
      // The token is dead now: the next connection starts a new guest.
      localStorage.removeItem(TOKEN_KEY);
      fill(deletion, h('p', { id: 'deleted', role: 'status' }, 'Your account is deleted. ', h('a', { href: '#/' }, 'Back to the lobby as a new guest')));
    });
    fill(deletion, form);
    (account ? password : /** @type {HTMLElement} */ (form.querySelector('#delete-no'))).focus();
  }
  drawDeleteStart();

  return {
    element,
    async connected() {
      try {
        const prefs = await loadPreferences(session);
        zen.checked = prefs.zen;
        mute.checked = prefs.mute_spectators;
        zen.dataset.saved = String(prefs.zen);
        mute.dataset.saved = String(prefs.mute_spectators);
        zen.disabled = false;
        mute.disabled = false;
      } catch (error) {
        sayError(error);
      }
    },
    push() {},
    destroy() {
      stop();
    },
  };
}
