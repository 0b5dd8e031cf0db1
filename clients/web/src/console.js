/** @file The moderators' console (`#/console`, docs/moderation.md): live rooms and the people online, the reports queue (take, resolve with an action, dismiss), chat timeouts and bans and lifting them, closing a room, renaming a player, a player's history and, for admins, the audit log. Everything comes through the `admin_*` messages, which the server answers only for moderators and admins; for anyone else the page says so and asks nothing more. */

import { fill, h, say, sayError } from './dom.js';
import { gameName } from './rules.js';
import { formatDate, t, tParts } from './i18n.js';

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
  ['none', 'web-console-action-none'],
  ['timeout-10', 'web-console-action-timeout-10'],
  ['timeout-60', 'web-console-action-timeout-60'],
  ['timeout-1440', 'web-console-action-timeout-1440'],
  ['ban-1440', 'web-console-action-ban-1440'],
  ['ban-10080', 'web-console-action-ban-10080'],
  ['ban-forever', 'web-console-action-ban-forever'],
  ['close', 'web-console-action-close'],
]);

/** A sanction's kind in words. @param {string} kind */
const kindWords = (kind) => t('web-console-kind', { kind });

/**
 * A time in words, in the page's language.
 * @param {number} ms
 */
function when(ms) {
  return formatDate(ms);
}

/** The tables' column headings. */
const COLUMNS = /** @type {const} */ ({
  room: 'web-console-col-room',
  game: 'web-console-col-game',
  status: 'web-console-col-status',
  players: 'web-console-col-players',
  listed: 'web-console-col-listed',
  act: 'web-console-col-act',
  name: 'web-console-col-name',
  address: 'web-console-col-address',
  connections: 'web-console-col-connections',
  kind: 'web-console-col-kind',
  whom: 'web-console-col-whom',
  where: 'web-console-col-where',
  reason: 'web-console-col-reason',
  until: 'web-console-col-until',
  result: 'web-console-col-result',
  rated: 'web-console-col-rated',
  ended: 'web-console-col-ended',
  when: 'web-console-col-when',
  by: 'web-console-col-by',
  about: 'web-console-col-about',
  given: 'web-console-col-given',
  who: 'web-console-col-who',
  action: 'web-console-col-action',
  detail: 'web-console-col-detail',
  how: 'web-console-col-how',
});

/**
 * Column headings, in words.
 * @param {...(keyof typeof COLUMNS)} names
 */
const cols = (...names) => names.map((name) => t(COLUMNS[name]));

/**
 * A guest in words: its name and a button showing its history.
 * @param {Guest | null | undefined} guest
 * @param {(id: string) => void} show
 */
function who(guest, show) {
  if (!guest) return '—';
  return h('button', { type: 'button', class: 'link', title: t('web-console-history-title', { name: guest.name }), onclick: () => show(guest.id) }, guest.name);
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
    h('tbody', {}, ...(rows.length ? rows : [h('tr', {}, h('td', { colspan: head.length }, t('web-console-none')))])),
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
    if (prefs.role !== 'player') place.append(' · ', h('a', { href: CONSOLE_HREF, class: 'console-link' }, t('web-console')));
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
  const status = h('p', { class: 'hint', role: 'status' }, t('web-console-asking'));
  const reason = h('input', { maxlength: 200, value: '', placeholder: t('web-console-reason-placeholder') });
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
    h('h1', {}, t('web-console')),
    status,
    parts,
  );

  /** The reason typed, or a refusal said when there is none. */
  function why() {
    const text = reason.value.trim();
    if (!text) {
      say(t('web-console-write-reason'), 'error');
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
    if (kind === 'timeout') return act({ type: 'admin_timeout', player, minutes: Number(amount), reason: text }, t('web-console-timeout-given'));
    if (kind === 'ban') {
      const minutes = amount === 'forever' ? undefined : Number(amount);
      return act(minutes === undefined ? { type: 'admin_ban', player, reason: text } : { type: 'admin_ban', player, minutes, reason: text }, t('web-console-ban-given'));
    }
    if (kind === 'close' && room) return act({ type: 'admin_close_room', room, reason: text }, t('web-console-room-closed'));
    return Promise.resolve(true);
  }

  /**
   * The select of ACTIONS for a sanction.
   * @param {string} id
   * @param {boolean} withClose
   */
  function actionSelect(id, withClose) {
    const select = h('select', {}, ...ACTIONS.filter(([v]) => withClose || v !== 'close').map(([v, words]) => h('option', { value: v }, t(words))));
    return { select, field: field(id, t('web-console-action'), select) };
  }

  async function showLive() {
    const overview = await request({ type: 'admin_overview' });
    const rooms = overview.rooms.map((r) =>
      row(
        h('a', { href: `#/room/${r.room.id}` }, r.room.id.slice(0, 8)),
        gameName(r.room.game),
        t('web-console-room-status', { status: r.status }),
        r.room.players.join(', ') || '—',
        t(r.public ? 'web-console-public' : 'web-console-private'),
        h(
          'button',
          { type: 'button', 'aria-label': t('web-console-close-room', { room: r.room.id.slice(0, 8) }), onclick: () => why() && act({ type: 'admin_close_room', room: r.room.id, reason: why() }, t('web-console-room-closed')) },
          t('web-console-close'),
        ),
      ),
    );
    const online = overview.online.map((p) => row(who(p.guest, showPlayer), p.address, p.connections));
    fill(
      live,
      h('h2', { id: 'console-live' }, t('web-console-live')),
      table(t('web-console-rooms'), cols('room', 'game', 'status', 'players', 'listed', 'act'), rooms),
      table(t('web-console-online'), cols('name', 'address', 'connections'), online),
    );
  }

  /** @param {ReportInfo} r */
  function reportItem(r) {
    const mine = r.moderator?.id === session.guest?.id;
    const note = h('input', { maxlength: 200, placeholder: t('web-console-note-placeholder') });
    const action = actionSelect(`action-${r.id}`, Boolean(r.context));
    const context = r.context
      ? h(
          'details',
          {},
          h('summary', {}, t('web-console-context', { game: gameName(r.context.game) })),
          h('p', {}, ...tParts('web-console-context-room', {}, { room: h('a', { href: `#/room/${r.context.room}` }, r.context.room.slice(0, 8)) })),
          h(
            'ul',
            { class: 'report-lines' },
            ...r.context.lines.map((l) => h('li', { class: l.seq === r.context?.line ? 'reported-line' : '' }, h('strong', {}, t('web-console-line-from', { name: l.from.name })), ' ', l.text)),
          ),
          r.context.record ? h('pre', { class: 'report-record' }, r.context.record) : null,
        )
      : null;
    async function close(/** @type {'resolved' | 'dismissed'} */ outcome) {
      const text = note.value.trim();
      if (!text) {
        say(t('web-console-write-note'), 'error');
        note.focus();
        return;
      }
      if (outcome === 'resolved' && action.select.value !== 'none') {
        const done = await sanction(action.select.value, r.player.id, r.context?.room, t('web-console-report-reason', { reason: r.reason, note: text }).slice(0, 200));
        if (!done) return;
      }
      await act({ type: 'admin_resolve_report', report: r.id, outcome, note: text }, t(outcome === 'resolved' ? 'web-console-report-resolved' : 'web-console-report-dismissed'));
    }
    const open = r.status === 'open' || r.status === 'taken';
    return h(
      'li',
      { class: `report ${r.status}`, 'data-report': r.id },
      h(
        'p',
        {},
        ...tParts(
          'web-console-report',
          { when: when(r.at), reason: r.reason },
          { status: h('strong', {}, t('web-console-report-status', { status: r.status })), reporter: who(r.reporter, showPlayer), player: who(r.player, showPlayer) },
        ),
      ),
      r.moderator ? h('p', {}, r.note ? t('web-console-taken-by-note', { name: r.moderator.name, note: r.note }) : t('web-console-taken-by', { name: r.moderator.name })) : null,
      context,
      open && r.status === 'open' ? h('button', { type: 'button', class: 'take', onclick: () => act({ type: 'admin_take_report', report: r.id }, t('web-console-report-taken')) }, t('web-console-take')) : null,
      open && (r.status === 'taken' ? mine : true)
        ? h(
            'div',
            { class: 'row' },
            field(`note-${r.id}`, t('web-console-note'), note),
            action.field,
            h('button', { type: 'button', class: 'resolve', onclick: () => close('resolved') }, t('web-console-resolve')),
            h('button', { type: 'button', class: 'dismiss', onclick: () => close('dismissed') }, t('web-console-dismiss')),
          )
        : null,
    );
  }

  async function showReports() {
    const { reports: queue } = await request({ type: 'admin_reports' });
    fill(
      reports,
      h('h2', { id: 'console-reports' }, t('web-console-reports-waiting', { count: queue.length })),
      queue.length ? h('ul', { class: 'reports' }, ...queue.map(reportItem)) : h('p', {}, t('web-console-no-reports')),
    );
  }

  async function showSanctions() {
    const list = await request({ type: 'admin_sanctions' });
    const rows = list.sanctions.map((s) =>
      row(
        kindWords(s.kind),
        s.player ? who(s.player, showPlayer) : (s.address ?? '—'),
        s.room ? s.room.slice(0, 8) : t('web-console-everywhere'),
        s.reason,
        s.until ? when(s.until) : t('web-console-for-good'),
        h(
          'button',
          { type: 'button', 'aria-label': t('web-console-lift-label', { kind: s.kind, whom: s.player?.name ?? s.address ?? '—' }), onclick: () => act({ type: 'admin_lift', sanction: s.id }, t('web-console-lifted')) },
          t('web-console-lift'),
        ),
      ),
    );
    const target = h('input', { maxlength: 60, placeholder: t('web-console-target-placeholder') });
    const room = h('input', { maxlength: 60, placeholder: t('web-console-everywhere') });
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
        act(minutes === undefined ? { type: 'admin_ban', address: whom, reason: text } : { type: 'admin_ban', address: whom, minutes, reason: text }, t('web-console-address-banned'));
      } else if (kind === 'timeout' && room.value.trim()) {
        act({ type: 'admin_timeout', player: whom, room: room.value.trim(), minutes: Number(amount), reason: text }, t('web-console-timeout-given'));
      } else sanction(action.select.value, whom, undefined, text);
    };
    fill(
      sanctions,
      h('h2', { id: 'console-sanctions' }, t('web-console-in-force')),
      table(t('web-console-sanctions'), cols('kind', 'whom', 'where', 'reason', 'until', 'act'), rows),
      h(
        'div',
        { class: 'row' },
        field('give-target', t('web-console-give-target'), target),
        field('give-room', t('web-console-give-room'), room),
        action.field,
        h('button', { type: 'button', id: 'give', onclick: give }, t('web-console-give')),
      ),
      h(
        'div',
        { class: 'row' },
        field('rename-new', t('web-console-rename-to'), newName),
        h(
          'button',
          { type: 'button', id: 'rename', onclick: () => target.value.trim() && newName.value.trim() && act({ type: 'admin_rename', player: target.value.trim(), name: newName.value.trim() }, t('web-console-renamed')) },
          t('web-console-rename'),
        ),
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
    const reportRows = (/** @type {ReportInfo[]} */ list) => list.map((r) => row(when(r.at), r.reporter.name, r.player.name, r.reason, t('web-console-report-status', { status: r.status })));
    fill(
      history,
      h('h2', { id: 'console-history', tabindex: -1 }, t('web-console-history', { name: file.guest.name })),
      h('p', {}, t('web-console-file', { account: file.account ? 'yes' : 'no', role: file.role, since: when(file.created_at) })),
      role === 'admin' && file.account && file.role !== 'admin'
        ? h(
            'button',
            { type: 'button', id: 'set-role', onclick: async () => (await act({ type: 'admin_set_role', player: file.guest.id, role: file.role === 'moderator' ? 'player' : 'moderator' }, t('web-console-role-changed'))) && showPlayer(file.guest.id) },
            t(file.role === 'moderator' ? 'web-console-unmake-moderator' : 'web-console-make-moderator'),
          )
        : null,
      table(
        t('web-console-games'),
        cols('room', 'game', 'result', 'rated', 'ended'),
        file.games.map((g) => row(h('a', { href: `#/room/${g.room}` }, g.room.slice(0, 8)), gameName(g.game), g.result, t(g.rated ? 'web-option-yes' : 'web-option-no'), when(g.finished_at))),
      ),
      table(t('web-console-reports-about'), cols('when', 'by', 'about', 'reason', 'status'), reportRows(file.reported)),
      table(t('web-console-reports-by'), cols('when', 'by', 'about', 'reason', 'status'), reportRows(file.reports)),
      table(
        t('web-console-sanctions'),
        cols('kind', 'reason', 'given', 'until'),
        file.sanctions.map((s) => row(kindWords(s.kind), s.reason, when(s.at), s.lifted ? t('web-console-lifted-at', { when: when(s.lifted) }) : s.until ? when(s.until) : t('web-console-for-good'))),
      ),
      table(t('web-console-actions-about'), cols('when', 'who', 'action', 'detail'), file.actions.map((a) => row(when(a.at), a.actor?.name ?? t('web-console-the-host'), a.action, a.detail))),
      table(t('web-console-left-games'), cols('when', 'room', 'how'), file.offenses.map((o) => row(when(o.at), o.room.slice(0, 8), t('web-console-offense', { kind: o.kind })))),
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
      h('h2', { id: 'console-audit' }, t('web-console-audit')),
      h('button', { type: 'button', id: 'export-audit', onclick: exportAll }, t('web-console-export')),
      table(
        t('web-console-entries'),
        cols('when', 'who', 'action', 'about', 'detail'),
        entries.map((e) => row(when(e.at), e.actor?.name ?? t('web-console-the-host'), e.action, e.player?.name ?? (e.room ? t('web-console-room-short', { room: e.room.slice(0, 8) }) : '—'), e.detail)),
      ),
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
      field('console-reason', t('web-console-reason'), reason),
      h('button', { type: 'button', id: 'console-refresh', onclick: () => refresh() }, t('web-console-refresh')),
    ),
    h(
      'form',
      { class: 'row', onsubmit: (/** @type {Event} */ e) => (e.preventDefault(), lookup.value.trim() && showPlayer(lookup.value.trim())) },
      field('console-lookup', t('web-console-lookup'), lookup),
      h('button', { type: 'submit' }, t('web-console-show')),
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
        fill(status, t('web-console-not-for-you'));
        return;
      }
      fill(status, t(role === 'admin' ? 'web-console-you-admin' : 'web-console-you-moderator'));
      parts.hidden = false;
      audit.hidden = role !== 'admin';
      await refresh();
    },
    push() {},
    destroy() {},
  };
}
