/** @file A player's own safety and data (issue 32): blocking a player and reporting a player or a chat line (from the chat and from a player's page), and the page `#/safety` with zen, muting the spectators of one's games, the players one blocks, a download of everything the server holds about one (JSON) and deleting one's account after a second, confirming step. Everything goes through the server's messages (`block`, `unblock`, `report`, `preferences`, `set_preferences`, `export_my_data`, `delete_account`). */

import { fill, h, say, sayError } from './dom.js';
import { ServerError } from './protocol.js';
import { t, tParts } from './i18n.js';

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
    say(t(on ? 'web-safety-blocked' : 'web-safety-unblocked', { name }));
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
    h('h4', { id: 'report-h' }, t('web-safety-report-title', { name: about.name })),
    about.quote === undefined ? null : h('p', { class: 'hint' }, ...tParts('web-safety-report-line', {}, { line: h('q', {}, about.quote) })),
    h('label', { for: 'report-reason' }, t('web-safety-report-reason')),
    h(
      'div',
      { class: 'row' },
      reason,
      h('button', { type: 'submit', id: 'report-send' }, t('web-safety-report-send')),
      h('button', { type: 'button', id: 'report-cancel', onclick: done }, t('web-confirm-cancel')),
    ),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = reason.value.trim();
    if (!text) return;
    try {
      await session.connection.request({ type: 'report', player: about.player, room: about.room, line: about.line, reason: text });
      say(t('web-safety-report-sent', { name: about.name }));
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
  place.append(h('a', { href: SAFETY_HREF, class: 'safety-link' }, t('web-player-safety')));
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
    h('p', {}, h('a', { href: '#/' }, t('web-back-to-lobby'))),
    h('h2', { id: 'safety-h' }, t('web-player-safety')),
    h(
      'section',
      { 'aria-labelledby': 'safety-settings-h' },
      h('h3', { id: 'safety-settings-h' }, t('web-chat')),
      h('div', { class: 'setting' }, zen, ' ', h('label', { for: 'safety-zen' }, t('web-safety-zen'))),
      h('div', { class: 'setting' }, mute, ' ', h('label', { for: 'safety-mute' }, t('web-safety-mute'))),
    ),
    h('section', { 'aria-labelledby': 'blocked-h' }, h('h3', { id: 'blocked-h' }, t('web-safety-blocks')), blockList),
    h(
      'section',
      { 'aria-labelledby': 'data-h' },
      h('h3', { id: 'data-h' }, t('web-safety-data')),
      h('p', { class: 'hint' }, t('web-safety-data-hint')),
      h('button', { type: 'button', id: 'export-data', onclick: exportData }, t('web-safety-download')),
    ),
    h('section', { 'aria-labelledby': 'delete-h' }, h('h3', { id: 'delete-h' }, t('web-safety-delete')), deletion),
  );

  /** @param {'zen' | 'mute_spectators'} key @param {HTMLInputElement} box */
  const follow = (key, box) =>
    box.addEventListener('change', async () => {
      try {
        await request(key === 'zen' ? { type: 'set_preferences', zen: box.checked } : { type: 'set_preferences', mute_spectators: box.checked });
        // What the server keeps now (tests and styles may read it).
        box.dataset.saved = String(box.checked);
        say(t(key === 'zen' ? 'web-safety-zen-now' : 'web-safety-mute-now', { on: box.checked ? 'yes' : 'no' }));
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
                h('button', { type: 'button', class: 'unblock', 'aria-label': t('web-player-unblock', { name }), onclick: () => setBlocked(session, id, name, false) }, t('web-safety-unblock')),
              ),
            ),
          )
        : h('p', { class: 'hint' }, t('web-safety-no-blocks')),
    );
  }
  const stop = onBlocks(drawBlocks);
  drawBlocks();

  async function exportData() {
    try {
      const answer = await request({ type: 'export_my_data' });
      download(answer.data, 'lodestone-my-data.json');
      say(t('web-safety-downloaded'));
    } catch (error) {
      sayError(error);
    }
  }

  /** The first step: what deleting does, and a button that asks again. */
  function drawDeleteStart() {
    fill(
      deletion,
      h('p', { class: 'hint' }, t('web-safety-delete-hint')),
      h('button', { type: 'button', id: 'delete-start', onclick: () => drawDeleteConfirm() }, t('web-safety-delete-start')),
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
      h('p', { id: 'delete-confirm-h' }, h('strong', {}, t('web-safety-delete-ask'))),
      h('p', { id: 'delete-confirm-text' }, t(account ? 'web-safety-delete-password' : 'web-safety-delete-guest')),
      account ? h('div', { class: 'row' }, h('label', { for: 'delete-password' }, t('web-account-password')), password) : null,
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'submit', id: 'delete-yes', class: 'danger' }, t('web-safety-delete-yes')),
        h('button', { type: 'button', id: 'delete-no', onclick: () => drawDeleteStart() }, t('web-safety-delete-no')),
      ),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        await request(account ? { type: 'delete_account', password: password.value } : { type: 'delete_account' });
      } catch (error) {
        if (error instanceof ServerError && error.code === 'bad-login') say(t('web-safety-wrong-password'), 'error');
        else sayError(error);
        return;
      }
      // The token is dead now: the next connection starts a new guest.
      localStorage.removeItem(TOKEN_KEY);
      fill(deletion, h('p', { id: 'deleted', role: 'status' }, t('web-safety-deleted'), ' ', h('a', { href: '#/' }, t('web-safety-deleted-back'))));
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
