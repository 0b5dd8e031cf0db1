/** @file The room's chat panel: the lines this viewer may read (pushed by the server as `chat` messages, each shown as plain text, never as markup), a box to say something to the room, one's team or the spectators, muting a person on this screen only (remembered in this browser), and reporting a line or blocking its sender (the server's `report` and `block`). */

import { fill, h, sayError } from './dom.js';
import { isBlocked, loadPreferences, onBlocks, reportForm, SAFETY_HREF, setBlocked } from './safety.js';
import { t } from './i18n.js';

const MUTED_KEY = 'lodestone.muted';

/**
 * @typedef {import('./wire.js').ChatLine} ChatLine
 * @typedef {import('./wire.js').ChatTo} ChatTo
 * @typedef {import('./protocol.js').RoomState} RoomState
 */

/** The guests muted in this browser, by id. @returns {Record<string, string>} */
export function mutedPeople() {
  try {
    const stored = JSON.parse(localStorage.getItem(MUTED_KEY) ?? '{}');
    return stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  } catch {
    return {};
  }
}

/**
 * Mutes (with a name) or unmutes (`null`) a guest in this browser.
 * @param {string} id
 * @param {string | null} name
 */
function setMuted(id, name) {
  const muted = mutedPeople();
  if (name === null) delete muted[id];
  else muted[id] = name;
  localStorage.setItem(MUTED_KEY, JSON.stringify(muted));
}

/** @type {Record<ChatTo, string>} */
const AUDIENCE = { room: 'players', team: 'team', spectators: 'spectators' };

/**
 * The chat of room `roomId`.
 * @param {import('./app.js').Session} session
 * @param {string} roomId
 */
export function chatPanel(session, roomId) {
  const list = h('ol', { class: 'chat-lines', id: 'chat-lines', 'aria-live': 'polite', 'aria-labelledby': 'chat-h' });
  const mutedRow = h('p', { class: 'hint', id: 'chat-muted', hidden: true });
  const input = h('input', { id: 'chat-text', maxlength: 500, autocomplete: 'off', placeholder: t('web-chat-placeholder') });
  const to = h('select', { id: 'chat-to', 'aria-label': t('web-chat-to') });
  const off = h('p', { class: 'hint', id: 'chat-off', hidden: true }, t('web-chat-off'));
  const toggle = h('button', { type: 'button', id: 'chat-toggle', hidden: true });
  const zenRow = h('p', { class: 'hint', id: 'chat-zen', hidden: true }, t('web-chat-zen'), ' ', h('a', { href: SAFETY_HREF }, t('web-chat-change-it')));
  const reporting = h('div', { id: 'chat-report' });
  const form = h(
    'form',
    { class: 'row chat-form', id: 'chat-form' },
    h('label', { for: 'chat-text', class: 'visually-hidden' }, t('web-chat-message')),
    input,
    to,
    h('button', { type: 'submit', id: 'chat-send' }, t('web-chat-send')),
  );
  const element = h(
    'section',
    { class: 'chat', id: 'chat', 'aria-labelledby': 'chat-h' },
    h('h3', { id: 'chat-h' }, t('web-chat')),
    list,
    zenRow,
    reporting,
    mutedRow,
    off,
    form,
    toggle,
  );
  /** @type {Map<number, ChatLine>} every line received, by its place in the log */
  const lines = new Map();
  /** @type {RoomState | null} */
  let state = null;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    try {
      await session.connection.request({ type: 'chat', room: roomId, text, to: /** @type {ChatTo} */ (to.value) });
      input.value = '';
    } catch (error) {
      sayError(error);
    }
  });
  toggle.addEventListener('click', async () => {
    const on = state?.options.chat === 'off';
    try {
      await session.connection.request({ type: 'set_chat', room: roomId, on });
    } catch (error) {
      sayError(error);
    }
  });

  /** Draws the lines, leaving out the muted and the blocked people's. */
  function renderLines() {
    const muted = mutedPeople();
    const me = session.guest?.id;
    const shown = [...lines.values()].sort((a, b) => a.seq - b.seq).filter((l) => !(l.from.id in muted) && !isBlocked(l.from.id));
    fill(
      list,
      ...shown.map((line) =>
        h(
          'li',
          { class: `chat-line to-${line.to}`, 'data-seq': line.seq, 'data-from': line.from.id },
          h('span', { class: 'chat-from' }, line.from.name),
          line.to === 'room' ? null : h('span', { class: 'chat-to' }, ` (${AUDIENCE[line.to]})`),
          ': ',
          // Text, never markup: the browser shows what was said as it is.
          h('span', { class: 'chat-text' }, line.text),
          line.from.id === me
            ? null
            : h(
                'button',
                {
                  type: 'button',
                  class: 'chat-mute link',
                  'aria-label': t('web-chat-mute-label', { name: line.from.name }),
                  onclick: () => {
                    setMuted(line.from.id, line.from.name);
                    renderLines();
                  },
                },
                t('web-chat-mute'),
              ),
          line.from.id === me
            ? null
            : h(
                'button',
                {
                  type: 'button',
                  class: 'chat-report link',
                  'aria-label': t('web-chat-report-label', { name: line.from.name }),
                  onclick: () => {
                    const about = { player: line.from.id, name: line.from.name, room: roomId, line: line.seq, quote: line.text };
                    fill(reporting, reportForm(session, about, () => fill(reporting)));
                  },
                },
                t('web-chat-report'),
              ),
          line.from.id === me
            ? null
            : h(
                'button',
                {
                  type: 'button',
                  class: 'chat-block link',
                  'aria-label': t('web-chat-block-label', { name: line.from.name }),
                  onclick: () => setBlocked(session, line.from.id, line.from.name, true),
                },
                t('web-chat-block'),
              ),
        ),
      ),
    );
    const names = Object.entries(muted);
    mutedRow.hidden = names.length === 0;
    fill(
      mutedRow,
      t('web-chat-muted'), ' ',
      ...names.flatMap(([id, name], i) => [
        i ? ', ' : '',
        h(
          'button',
          {
            type: 'button',
            class: 'chat-unmute link',
            'aria-label': t('web-chat-unmute-label', { name }),
            onclick: () => {
              setMuted(id, null);
              renderLines();
            },
          },
          t('web-chat-unmute', { name }),
        ),
      ]),
    );
    list.scrollTop = list.scrollHeight;
  }

  const stopBlocks = onBlocks(() => {
    if (element.isConnected) renderLines();
    else stopBlocks();
  });
  /** Whether the settings and blocks were asked for (at the first update: the server knows us then). */
  let asked = false;

  return {
    element,
    /**
     * The room changed: who may write where, whether the chat is on.
     * @param {RoomState} st
     */
    update(st) {
      state = st;
      if (!asked) {
        asked = true;
        loadPreferences(session).then(
          (prefs) => {
            zenRow.hidden = !prefs.zen;
          },
          () => {},
        );
      }
      const seated = st.you !== null;
      const teams = new Set(st.seats.map((s) => s.team)).size < st.seats.length;
      /** @type {ChatTo[]} */
      const audiences = seated ? (teams ? ['room', 'team'] : ['room']) : ['spectators'];
      const current = to.value;
      const words = { room: seated ? t('web-chat-to-players') : '', team: t('web-chat-to-team'), spectators: t('web-chat-to-spectators') };
      fill(to, ...audiences.map((a) => h('option', { value: a, selected: a === current }, words[a])));
      to.hidden = audiences.length < 2;
      const isOff = st.options.chat === 'off';
      off.hidden = !isOff;
      form.hidden = isOff;
      const owner = st.owner !== undefined && st.owner.id === session.guest?.id;
      toggle.hidden = !owner;
      toggle.textContent = isOff ? t('web-chat-turn-on') : t('web-chat-turn-off');
    },
    /**
     * Lines pushed by the server (new ones, or the history after a watch).
     * @param {ChatLine[]} received
     */
    push(received) {
      for (const line of received) lines.set(line.seq, line);
      renderLines();
    },
  };
}
