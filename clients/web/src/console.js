/** @file The moderators' console (`#/console`, docs/moderation.md): live rooms and the people online, the reports queue (take, resolve with an action, dismiss), chat timeouts and bans and lifting them, closing a room, renaming a player, a player's history and, for admins, the audit log. Everything comes through the `admin_*` messages, which the server answers only for moderators and admins; for anyone else the page says so and asks nothing more. */

import { fill, h, say, sayError } from './dom.js';
import { gameName } from './rules.js';

/** @typedef {import('./app.js').Session} Session */
/** @typedef {import('./app.js').View} View */
/** @typedef {import('./wire.js').Role} Role */
/** @typedef {import('./wire.js').Guest} Guest */
/** @typedef {import('./wire.js').ReportInfo} ReportInfo */
/** @typedef {import('./wire.js').Sanction} Sanction */
/** @typedef {import('./wire.js').PlayerFile} PlayerFile */
/** @typedef {import('./wire.js').AuditEntry} AuditEntry */

/** The console's address. */
export const CONSOLE_HREF = '#/console';

/** The actions a report can be resolved with, beside a note. */
const ACTIONS = /** @type {const} */ ([
  ['none', 'no action'],
  ['timeout-10', 'chat timeout, 10 minutes'],
  ['timeout-60', 'chat timeout, 1 hour'],
  ['timeout-1440', 'chat timeout, 24 hours'],
  ['ban-1440', 'ban for a day'],
  ['ban-10080', 'ban for a week'],
  ['ban-forever', 'ban for good'],
  ['close', 'close the room'],
]);

/** Sanction kinds in words. */
const KINDS = { ban: 'ban', timeout: 'chat timeout', rated_ban: 'no rated play' };

/**
 * A time in words, local.
 * @param {number} ms
 */
function when(ms) {
  return new Date(ms).toLocaleString();
}

/**
 * A guest in words: its name and a button showing its history.
 * @param {Guest | null | undefined} guest
 * @param {(id: string) => void} show
 */
function who(guest, show) {
  if (!guest) return '—';
  return h('button', { type: 'button', class: 'link', title: `${guest.name}'s history`, onclick: () => show(guest.id) }, guest.name);
}

/**
 * A labelled control.
 * @param {string} id
 * @param {string} label
 * @param {HTMLElement} control
 */
function field(id, label, control) {
  control.id = id;
  return h('span', { class: 'field' }, h('label', { for: id }, label), control);
}

/**
 * A table with a caption, its head and rows (an empty table says so).
 * @param {string} caption
 * @param {string[]} head
 * @param {HTMLTableRowElement[]} rows
 */
function table(caption, head, rows) {
  return h(
    'table',
    { class: 'console-table' },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, ...(rows.length ? rows : [h('tr', {}, h('td', { colspan: head.length }, 'none'))])),
  );
}

/**
 * A row of cells.
 * @param {...(Node | string | number | null | undefined | false)} cells
 */
function row(...cells) {
  return h('tr', {}, ...cells.map((c) => h('td', {}, c)));
}

/**
 * Adds a link to the console to `place` when the connection's guest is a
 * moderator or an admin (asked with `preferences`; nothing is shown to
 * anyone else).
 * @param {Session} session
 * @param {HTMLElement} place
 */
export async function consoleLink(session, place) {
  place.querySelector('.console-link')?.remove();
  try {
    const prefs = await session.connection.request({ type: 'preferences' });
    if (prefs.role !== 'player') place.append(' · ', h('a', { href: CONSOLE_HREF, class: 'console-link' }, 'Moderator console'));
  } catch {
    // No console link; the lobby is whole without it.
  }
}

/**
 * The console page.
 * @param {Session} session
 * @returns {View}
 */
export function consoleView(session) {
  const request = session.connection.request.bind(session.connection);
  const status = h('p', { class: 'hint', role: 'status' }, 'Asking the server who you are…');
  const reason = h('input', { maxlength: 200, value: '', placeholder: 'why (stored in the audit log)' });
  const live = h('section', { 'aria-labelledby': 'console-live' });
  const reports = h('section', { 'aria-labelledby': 'console-reports' });
  const sanctions = h('section', { 'aria-labelledby': 'console-sanctions' });
  const history = h('section', { 'aria-labelledby': 'console-history' });
  const audit = h('section', { 'aria-labelledby': 'console-audit', hidden: true });
  const parts = h('div', { class: 'console', hidden: true });
  /** @type {Role} */
  let role = 'player';
  const element = h(
    'div',
    { class: 'console-page' },
    h('h1', {}, 'Moderator console'),
    status,
    parts,
  );

  /** The reason typed, or a refusal said when there is none. */
  function why() {
    const text = reason.value.trim();
    if (!text) {
      say('Write a reason first (the field at the top).', 'error');
      reason.focus();
    }
    return text;
  }

  /**
   * Sends `message`, says `done` and shows everything again; a refusal is said.
   * @param {import('./protocol.js').Request} message
   * @param {string} done
   */
  async function act(message, done) {
    try {
      await request(message);
      say(done);
    } catch (error) {
      sayError(error);
      return false;
    }
    await refresh();
    return true;
  }

  /**
   * A chat timeout or a ban of `player` by the kind named in ACTIONS.
   * @param {string} action
   * @param {string} player
   * @param {string | undefined} room
   * @param {string} text the reason
   */
  function sanction(action, player, room, text) {
    const [kind, amount] = action.split('-');
    if (kind === 'timeout') return act({ type: 'admin_timeout', player, minutes: Number(amount), reason: text }, 'Chat timeout given.');
    if (kind === 'ban') {
      const minutes = amount === 'forever' ? undefined : Number(amount);
      return act(minutes === undefined ? { type: 'admin_ban', player, reason: text } : { type: 'admin_ban', player, minutes, reason: text }, 'Ban given.');
    }
    if (kind === 'close' && room) return act({ type: 'admin_close_room', room, reason: text }, 'Room closed.');
    return Promise.resolve(true);
  }

  /**
   * The select of ACTIONS for a sanction.
   * @param {string} id
   * @param {boolean} withClose
   */
  function actionSelect(id, withClose) {
    const select = h('select', {}, ...ACTIONS.filter(([v]) => withClose || v !== 'close').map(([v, words]) => h('option', { value: v }, words)));
    return { select, field: field(id, 'Action', select) };
  }

  async function showLive() {
    const overview = await request({ type: 'admin_overview' });
    const rooms = overview.rooms.map((r) =>
      row(
        h('a', { href: `#/room/${r.room.id}` }, r.room.id.slice(0, 8)),
        gameName(r.room.game),
        r.status,
        r.room.players.join(', ') || '—',
        r.public ? 'public' : 'private',
        h('button', { type: 'button', 'aria-label': `Close room ${r.room.id.slice(0, 8)}`, onclick: () => why() && act({ type: 'admin_close_room', room: r.room.id, reason: why() }, 'Room closed.') }, 'Close'),
      ),
    );
    const online = overview.online.map((p) => row(who(p.guest, showPlayer), p.address, p.connections));
    fill(
      live,
      h('h2', { id: 'console-live' }, 'Live on this node'),
      table('Rooms in memory', ['Room', 'Game', 'Status', 'Players', 'Listed', 'Act'], rooms),
      table('People online', ['Name', 'Address', 'Connections'], online),
    );
  }

  /** @param {ReportInfo} r */
  function reportItem(r) {
    const mine = r.moderator?.id === session.guest?.id;
    const note = h('input', { maxlength: 200, placeholder: 'what was done and why' });
    const action = actionSelect(`action-${r.id}`, Boolean(r.context));
    const context = r.context
      ? h(
          'details',
          {},
          h('summary', {}, `Context: a ${gameName(r.context.game)} room`),
          h('p', {}, 'Room ', h('a', { href: `#/room/${r.context.room}` }, r.context.room.slice(0, 8))),
          h('ul', { class: 'report-lines' }, ...r.context.lines.map((l) => h('li', { class: l.seq === r.context?.line ? 'reported-line' : '' }, h('strong', {}, `${l.from.name}: `), l.text))),
          r.context.record ? h('pre', { class: 'report-record' }, r.context.record) : null,
        )
      : null;
    async function close(/** @type {'resolved' | 'dismissed'} */ outcome) {
      const text = note.value.trim();
      if (!text) {
        say('Write a note first.', 'error');
        note.focus();
        return;
      }
      if (outcome === 'resolved' && action.select.value !== 'none') {
        const done = await sanction(action.select.value, r.player.id, r.context?.room, `report: ${r.reason}; ${text}`.slice(0, 200));
        if (!done) return;
      }
      await act({ type: 'admin_resolve_report', report: r.id, outcome, note: text }, outcome === 'resolved' ? 'Report resolved.' : 'Report dismissed.');
    }
    const open = r.status === 'open' || r.status === 'taken';
    return h(
      'li',
      { class: `report ${r.status}`, 'data-report': r.id },
      h('p', {}, h('strong', {}, r.status), ` ${when(r.at)}: `, who(r.reporter, showPlayer), ' reports ', who(r.player, showPlayer), `: “${r.reason}”`),
      r.moderator ? h('p', {}, 'Taken by ', r.moderator.name, r.note ? ` — ${r.note}` : '') : null,
      context,
      open && r.status === 'open' ? h('button', { type: 'button', class: 'take', onclick: () => act({ type: 'admin_take_report', report: r.id }, 'Report taken.') }, 'Take') : null,
      open && (r.status === 'taken' ? mine : true)
        ? h(
            'div',
            { class: 'row' },
            field(`note-${r.id}`, 'Note', note),
            action.field,
            h('button', { type: 'button', class: 'resolve', onclick: () => close('resolved') }, 'Resolve'),
            h('button', { type: 'button', class: 'dismiss', onclick: () => close('dismissed') }, 'Dismiss'),
          )
        : null,
    );
  }

  async function showReports() {
    const { reports: queue } = await request({ type: 'admin_reports' });
    fill(
      reports,
      h('h2', { id: 'console-reports' }, `Reports waiting (${queue.length})`),
      queue.length ? h('ul', { class: 'reports' }, ...queue.map(reportItem)) : h('p', {}, 'No report is waiting.'),
    );
  }

  async function showSanctions() {
    const list = await request({ type: 'admin_sanctions' });
    const rows = list.sanctions.map((s) =>
      row(
        KINDS[s.kind],
        s.player ? who(s.player, showPlayer) : (s.address ?? '—'),
        s.room ? s.room.slice(0, 8) : 'everywhere',
        s.reason,
        s.until ? when(s.until) : 'for good',
        h('button', { type: 'button', 'aria-label': `Lift the ${KINDS[s.kind]} of ${s.player?.name ?? s.address}`, onclick: () => act({ type: 'admin_lift', sanction: s.id }, 'Lifted.') }, 'Lift'),
      ),
    );
    const target = h('input', { maxlength: 60, placeholder: 'name, id or address' });
    const room = h('input', { maxlength: 60, placeholder: 'everywhere' });
    const action = actionSelect('give-action', false);
    const newName = h('input', { maxlength: 30 });
    const address = /^[0-9a-fA-F:.]+$/;
    const give = () => {
      const text = why();
      const whom = target.value.trim();
      if (!text || !whom) return;
      const [kind, amount] = action.select.value.split('-');
      if (kind === 'ban' && address.test(whom) && whom.includes('.') !== whom.includes(':')) {
        const minutes = amount === 'forever' ? undefined : Number(amount);
        act(minutes === undefined ? { type: 'admin_ban', address: whom, reason: text } : { type: 'admin_ban', address: whom, minutes, reason: text }, 'Address banned.');
      } else if (kind === 'timeout' && room.value.trim()) {
        act({ type: 'admin_timeout', player: whom, room: room.value.trim(), minutes: Number(amount), reason: text }, 'Chat timeout given.');
      } else sanction(action.select.value, whom, undefined, text);
    };
    fill(
      sanctions,
      h('h2', { id: 'console-sanctions' }, 'Timeouts and bans in force'),
      table('Sanctions', ['Kind', 'Whom', 'Where', 'Reason', 'Until', 'Act'], rows),
      h(
        'div',
        { class: 'row' },
        field('give-target', 'Player or address', target),
        field('give-room', 'Room (timeouts)', room),
        action.field,
        h('button', { type: 'button', id: 'give', onclick: give }, 'Give'),
      ),
      h(
        'div',
        { class: 'row' },
        field('rename-new', 'Rename that player to', newName),
        h('button', { type: 'button', id: 'rename', onclick: () => target.value.trim() && newName.value.trim() && act({ type: 'admin_rename', player: target.value.trim(), name: newName.value.trim() }, 'Renamed.') }, 'Rename'),
      ),
    );
  }

  /**
   * A player's history.
   * @param {string} player a name or an id
   */
  async function showPlayer(player) {
    /** @type {PlayerFile} */
    let file;
    try {
      file = (await request({ type: 'admin_player', player })).player;
    } catch (error) {
      sayError(error);
      return;
    }
    const reportRows = (/** @type {ReportInfo[]} */ list) => list.map((r) => row(when(r.at), r.reporter.name, r.player.name, r.reason, r.status));
    fill(
      history,
      h('h2', { id: 'console-history', tabindex: -1 }, `History of ${file.guest.name}`),
      h('p', {}, `${file.account ? 'Account' : 'Guest'}, ${file.role}, since ${when(file.created_at)}.`),
      role === 'admin' && file.account && file.role !== 'admin'
        ? h(
            'button',
            { type: 'button', id: 'set-role', onclick: async () => (await act({ type: 'admin_set_role', player: file.guest.id, role: file.role === 'moderator' ? 'player' : 'moderator' }, 'Role changed.')) && showPlayer(file.guest.id) },
            file.role === 'moderator' ? 'Dismiss as moderator' : 'Make moderator',
          )
        : null,
      table('Games', ['Room', 'Game', 'Result', 'Rated', 'Ended'], file.games.map((g) => row(h('a', { href: `#/room/${g.room}` }, g.room.slice(0, 8)), gameName(g.game), g.result, g.rated ? 'yes' : 'no', when(g.finished_at)))),
      table('Reports about them', ['When', 'By', 'About', 'Reason', 'Status'], reportRows(file.reported)),
      table('Reports they made', ['When', 'By', 'About', 'Reason', 'Status'], reportRows(file.reports)),
      table('Sanctions', ['Kind', 'Reason', 'Given', 'Until'], file.sanctions.map((s) => row(KINDS[s.kind], s.reason, when(s.at), s.lifted ? `lifted ${when(s.lifted)}` : s.until ? when(s.until) : 'for good'))),
      table('Actions about them', ['When', 'Who', 'Action', 'Detail'], file.actions.map((a) => row(when(a.at), a.actor?.name ?? 'the host', a.action, a.detail))),
      table('Rated games left', ['When', 'Room', 'How'], file.offenses.map((o) => row(when(o.at), o.room.slice(0, 8), o.kind))),
    );
    /** @type {HTMLElement | null} */ (history.querySelector('h2'))?.focus();
  }

  async function showAudit() {
    if (role !== 'admin') return;
    const { entries } = await request({ type: 'admin_audit' });
    const exportAll = async () => {
      try {
        const all = await request({ type: 'admin_audit', all: true });
        const blob = new Blob([JSON.stringify(all.entries, null, 2)], { type: 'application/json' });
        const a = h('a', { href: URL.createObjectURL(blob), download: 'lodestone-audit.json' });
        a.click();
        URL.revokeObjectURL(a.href);
      } catch (error) {
        sayError(error);
      }
    };
    fill(
      audit,
      h('h2', { id: 'console-audit' }, 'Audit log (latest)'),
      h('button', { type: 'button', id: 'export-audit', onclick: exportAll }, 'Export all (JSON)'),
      table('Entries', ['When', 'Who', 'Action', 'About', 'Detail'], entries.map((e) => row(when(e.at), e.actor?.name ?? 'the host', e.action, e.player?.name ?? (e.room ? `room ${e.room.slice(0, 8)}` : '—'), e.detail))),
    );
  }

  async function refresh() {
    try {
      await Promise.all([showLive(), showReports(), showSanctions(), showAudit()]);
    } catch (error) {
      sayError(error);
    }
  }

  const lookup = h('input', { maxlength: 60 });
  fill(
    parts,
    h(
      'div',
      { class: 'row' },
      field('console-reason', 'Reason for actions', reason),
      h('button', { type: 'button', id: 'console-refresh', onclick: () => refresh() }, 'Refresh'),
    ),
    h(
      'form',
      { class: 'row', onsubmit: (/** @type {Event} */ e) => (e.preventDefault(), lookup.value.trim() && showPlayer(lookup.value.trim())) },
      field('console-lookup', 'A player’s history (name or id)', lookup),
      h('button', { type: 'submit' }, 'Show'),
    ),
    reports,
    live,
    sanctions,
    history,
    audit,
  );

  return {
    element,
    async connected() {
      try {
        role = (await request({ type: 'preferences' })).role;
      } catch (error) {
        sayError(error);
        return;
      }
      if (role === 'player') {
        parts.hidden = true;
        fill(status, 'This page is for moderators and admins.');
        return;
      }
      fill(status, role === 'admin' ? 'You are an admin.' : 'You are a moderator.');
      parts.hidden = false;
      audit.hidden = role !== 'admin';
      await refresh();
    },
    push() {},
    destroy() {},
  };
}
