/** @file Tournaments: the list (`#/tournaments`: upcoming, running, finished, and a form to organize one) and a tournament's page (`#/tournament/<id>?invite=<code>`): live standings, each round's pairings with links to the games, the viewer's own game or the time to the next event, and entering, withdrawing, starting and adding computer players. The server pushes every change while the page watches the tournament. */

import { fill, h, say, sayError } from './dom.js';
import { t as tr } from './i18n.js';
import { gameName } from './rules.js';
import { playerLink } from './players.js';

/** @typedef {import('./app.js').Session} Session */
/** @typedef {import('./app.js').View} View */
/** @typedef {import('./wire.js').TournamentState} TournamentState */
/** @typedef {import('./wire.js').TournamentSummary} TournamentSummary */
/** @typedef {import('./wire.js').TournamentFormat} TournamentFormat */
/** @typedef {import('./wire.js').TournamentGame} TournamentGame */

/** Each format in words. */
const FORMATS = /** @type {Record<TournamentFormat, string>} */ ({
  'round-robin': 'Round robin',
  swiss: 'Swiss',
  arena: 'Arena',
  magma: 'Magma event (tables)',
});

/** Each status in words, as the list's section headings say it. */
const STATUS = { upcoming: 'Upcoming', running: 'Running', finished: 'Finished' };

/**
 * The address of a tournament's page.
 * @param {string} id
 * @param {string | null | undefined} [invite]
 */
export function tournamentHref(id, invite) {
  return `#/tournament/${encodeURIComponent(id)}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`;
}

/**
 * Points in words: `2½`.
 * @param {number} points
 */
function points(points) {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5 ? '½' : '';
  return whole === 0 && half ? half : `${whole}${half}`;
}

/**
 * A time from now in words: `3 min 05 s`, `2 h 10 min`.
 * @param {number} ms
 */
function countdown(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/**
 * A labelled form field.
 * @param {string} label
 * @param {HTMLElement} input
 */
function field(label, input) {
  return h('label', { class: 'field' }, h('span', {}, label), input);
}

/**
 * The tournament list and the form to organize one.
 * @param {Session} session
 * @returns {View}
 */
export function tournamentsView(session) {
  const lists = h('div', { class: 'tournament-lists' });
  const name = h('input', { id: 't-name', maxlength: 60, required: true, value: 'Friday league' });
  const game = h('select', { id: 't-game' }, ...['magneton', 'magnetism', 'magnet', 'magma'].map((g) => h('option', { value: g }, gameName(g))));
  const format = h('select', { id: 't-format' }, ...Object.entries(FORMATS).map(([f, words]) => h('option', { value: f }, words)));
  const rounds = h('input', { id: 't-rounds', type: 'number', min: 1, max: 30, value: 5 });
  const minutes = h('input', { id: 't-minutes', type: 'number', min: 5, max: 1440, value: 30 });
  const table = h('select', { id: 't-table' }, ...[3, 4, 5, 6].map((n) => h('option', { value: n, selected: n === 4 }, `${n} players`)));
  const bots = h('input', { id: 't-bots', type: 'checkbox' });
  const hidden = h('input', { id: 't-private', type: 'checkbox' });
  const teams = h('input', { id: 't-teams', type: 'checkbox' });
  const form = h(
    'form',
    {
      class: 'new-tournament',
      async onsubmit(/** @type {Event} */ event) {
        event.preventDefault();
        const f = /** @type {TournamentFormat} */ (format.value);
        /** @type {import('./wire.js').TournamentSpec} */
        const spec = { name: name.value, game: f === 'magma' ? 'magma' : game.value, format: f, public: !hidden.checked, bots: bots.checked };
        if (f === 'swiss' || f === 'magma') spec.rounds = Number(rounds.value);
        if (f === 'arena') spec.seconds = Number(minutes.value) * 60;
        if (f === 'magma') spec.table = Number(table.value);
        if (f === 'magma' && teams.checked) spec.teams = 'pairs';
        try {
          const reply = await session.connection.request({ type: 'create_tournament', tournament: spec });
          location.hash = tournamentHref(reply.tournament.id, reply.tournament.invite);
        } catch (error) {
          sayError(error);
        }
      },
    },
    field('Name', name),
    field('Game', game),
    field('Format', format),
    field('Rounds (Swiss, Magma)', rounds),
    field('Minutes (arena)', minutes),
    field('Table (Magma)', table),
    h('label', { class: 'check' }, teams, ' ', tr('web-tournament-teams-option')),
    h('label', { class: 'check' }, bots, ' Computer players and bot accounts may enter'),
    h('label', { class: 'check' }, hidden, ' Private (by invitation)'),
    h('button', { type: 'submit', id: 't-create' }, 'Create the tournament'),
  );
  const element = h(
    'section',
    { class: 'tournaments' },
    h('h2', {}, 'Tournaments'),
    lists,
    h('details', { class: 'organize' }, h('summary', {}, 'Organize a tournament'), form),
  );

  /** @param {TournamentSummary[]} all */
  function show(all) {
    const sections = /** @type {(keyof typeof STATUS)[]} */ (['running', 'upcoming', 'finished']).map((status) => {
      const these = all.filter((t) => t.status === status);
      return h(
        'section',
        { class: 'tournament-list', 'data-status': status },
        h('h3', {}, STATUS[status]),
        these.length
          ? h('ul', {}, ...these.map((t) => h('li', {},
              h('a', { href: tournamentHref(t.id) }, t.name),
              ` — ${gameName(t.game)}, ${FORMATS[t.format]}, ${t.players} player${t.players === 1 ? '' : 's'}, by ${t.organizer_name}`)))
          : h('p', { class: 'empty' }, 'None.'),
      );
    });
    fill(lists, ...sections);
  }

  return {
    element,
    async connected() {
      try {
        const reply = await session.connection.request({ type: 'list_tournaments' });
        show(reply.tournaments);
      } catch (error) {
        sayError(error);
      }
    },
    push() {},
    destroy() {},
  };
}

/**
 * The tag of a computer player or a bot account in the standings.
 * @param {TournamentState} t
 * @param {string} guest
 * @returns {HTMLElement | null}
 */
function botTag(t, guest) {
  const p = t.players.find((x) => x.id === guest);
  if (p?.bot_account) return h('span', { class: 'tag', title: 'A bot account: a program playing through the protocol' }, 'bot');
  if (p?.bot) return h('span', { class: 'tag' }, 'computer');
  return null;
}

/**
 * A tournament's page.
 * @param {Session} session
 * @param {string} id
 * @param {string | null} invite
 * @returns {View}
 */
export function tournamentView(session, id, invite) {
  const head = h('div', { class: 'tournament-head' });
  const mine = h('div', { class: 'your-game', id: 'your-game', role: 'status', 'aria-live': 'polite' });
  const actions = h('div', { class: 'tournament-actions' });
  const standings = h('div', { class: 'standings-wrap' });
  const teamStandings = h('div', { class: 'standings-wrap' });
  const teamName = h('input', { id: 't-team', maxlength: 30, autocomplete: 'off' });
  const rounds = h('div', { class: 'rounds' });
  const element = h(
    'section',
    { class: 'tournament' },
    head,
    mine,
    actions,
    teamStandings,
    h('h3', {}, 'Standings'),
    standings,
    h('h3', {}, 'Rounds'),
    rounds,
  );
  /** @type {TournamentState | null} */
  let shown = null;
  const ticker = setInterval(() => shown && showMine(shown), 1000);

  /**
   * Sends a request about this tournament and shows what it answers.
   * @param {import('./protocol.js').Request} message
   */
  async function ask(message) {
    try {
      const reply = /** @type {import('./protocol.js').MessageOf<'tournament'>} */ (await session.connection.request(message));
      show(reply.tournament);
    } catch (error) {
      sayError(error);
    }
  }

  /** @param {string} guest */
  function nameOf(guest) {
    return shown?.players.find((p) => p.id === guest)?.name ?? guest;
  }

  /** @param {TournamentState} t */
  function showMine(t) {
    const me = session.guest?.id;
    const game = t.rounds.flatMap((r) => r.games).find((g) => !g.points && me !== undefined && g.players.includes(me));
    const entered = t.players.some((p) => p.id === me && p.status === 'active');
    const now = Date.now();
    /** @type {(string | HTMLElement)[]} */
    let line;
    if (game) line = [h('a', { href: `#/room/${game.room}`, id: 'go-to-game', class: 'button' }, 'Go to your game'), ` against ${game.players.filter((p) => p !== me).map(nameOf).join(', ')}`];
    else if (t.status === 'upcoming' && t.spec.starts_at) line = [`Starts in ${countdown(t.spec.starts_at - now)}.`];
    else if (t.status === 'upcoming') line = ['Starts when the organizer says.'];
    else if (t.status === 'finished') line = ['This tournament is over.'];
    else if (t.ends_at) line = [`${entered ? 'Waiting for your next game. ' : ''}Ends in ${countdown(t.ends_at - now)}.`];
    else if (t.next_round_at) line = [`Next round in ${countdown(t.next_round_at - now)} at the latest.`];
    else line = [entered ? 'Waiting for the next round.' : 'Under way.'];
    fill(mine, ...line);
  }

  /** @param {TournamentState} t */
  function show(t) {
    shown = t;
    const me = session.guest?.id;
    const organizer = me === t.organizer;
    const entry = t.players.find((p) => p.id === me);
    const progress = t.total_rounds ? `, ${t.rounds.length} of ${t.total_rounds} rounds` : '';
    fill(
      head,
      h('h2', {}, t.spec.name),
      h('p', {}, `${FORMATS[t.spec.format]} of ${gameName(t.spec.game)} — ${STATUS[t.status]}${progress}. Organized by ${t.organizer_name}.`),
      t.invite ? h('p', {}, 'Invite link: ', h('code', {}, `${location.origin}/${tournamentHref(t.id, t.invite)}`)) : null,
    );
    showMine(t);
    /** @type {HTMLElement[]} */
    const buttons = [];
    const open = t.status === 'upcoming' || (t.status === 'running' && t.spec.late_join);
    if (open && entry?.status !== 'active' && entry?.status !== 'removed') {
      // An event of fixed teams is entered naming a team (a player coming back keeps its own).
      const naming = Boolean(t.spec.teams) && !entry;
      if (naming) buttons.push(field(tr('web-tournament-team-name'), teamName));
      buttons.push(h('button', { id: 't-join', onclick: () => ask({ type: 'join_tournament', tournament: id, invite: invite ?? undefined, team: naming ? teamName.value.trim() || undefined : undefined }) }, entry ? 'Come back' : 'Join'));
    }
    if (entry?.status === 'active' && t.status !== 'finished') {
      buttons.push(h('button', { id: 't-withdraw', onclick: () => ask({ type: 'withdraw_tournament', tournament: id }) }, t.status === 'upcoming' ? 'Leave' : 'Withdraw'));
    }
    if (organizer && t.status === 'upcoming') buttons.push(h('button', { id: 't-start', onclick: () => ask({ type: 'start_tournament', tournament: id }) }, 'Start now'));
    if (organizer && t.spec.bots && t.status !== 'finished') {
      buttons.push(h('button', { id: 't-bot', onclick: () => ask({ type: 'add_tournament_bot', tournament: id, level: 'greedy' }) }, 'Add a computer player'));
    }
    buttons.push(h('a', { href: `/api/tournaments/${encodeURIComponent(id)}/records${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`, download: '' }, 'Download all records'));
    fill(actions, ...buttons);
    const arena = t.spec.format === 'arena';
    showTeams(t, me);
    fill(
      standings,
      t.standings.length
        ? h(
            'table',
            { class: 'standings', id: 'standings' },
            h('caption', {}, 'Standings, best first'),
            h('thead', {}, h('tr', {}, ...[['#', 'Place'], ['Player', ''], ['Pts', 'Points'], arena ? ['Perf', 'Performance'] : ['Bh', 'Buchholz'], arena ? ['Streak', ''] : ['SB', 'Sonneborn–Berger'], ['W', 'Won'], ['D', 'Drawn'], ['L', 'Lost']]
              .map(([short, long]) => h('th', { scope: 'col' }, long ? h('abbr', { title: long }, short) : short)))),
            h('tbody', {}, ...t.standings.map((s) => h(
              'tr',
              { 'data-player': s.player, class: s.player === me ? 'me' : '' },
              h('td', {}, s.place),
              h('th', { scope: 'row' }, playerLink(s.player, s.name), botTag(t, s.player), s.team ? h('span', { class: 'tag team' }, tr('web-tournament-team-tag', { team: s.team })) : null),
              h('td', { class: 'points' }, points(s.points)),
              h('td', {}, arena ? (s.performance ?? '—') : points(s.buchholz)),
              h('td', {}, arena ? (s.on_fire ? 'on fire' : '') : String(s.sonneborn_berger)),
              h('td', {}, s.wins),
              h('td', {}, s.draws),
              h('td', {}, s.losses),
            ))),
          )
        : h('p', { class: 'empty' }, 'Nobody has entered yet.'),
    );
    fill(
      rounds,
      ...[...t.rounds].reverse().map((r) => h(
        'section',
        { class: 'round', 'data-round': r.number },
        h('h4', {}, arena ? `Wave ${r.number}` : `Round ${r.number}`),
        h('ul', {}, ...r.games.map((g) => gameLine(g, me)), ...(r.byes ?? []).map((b) => h('li', {}, `${nameOf(b)}: a bye`))),
      )),
    );
  }

  /**
   * The team standings of an event of fixed teams (nothing otherwise).
   * @param {TournamentState} t
   * @param {string | undefined} me
   */
  function showTeams(t, me) {
    const rows = t.team_standings ?? [];
    if (!rows.length) {
      fill(teamStandings);
      return;
    }
    fill(
      teamStandings,
      h('h3', {}, tr('web-tournament-teams')),
      h(
        'table',
        { class: 'standings', id: 'team-standings' },
        h('caption', {}, tr('web-tournament-teams-caption')),
        h('thead', {}, h('tr', {}, ...[['#', 'Place'], [tr('web-tournament-team'), ''], [tr('web-tournament-team-players'), ''], ['Pts', 'Points'], ['Bh', 'Buchholz'], ['SB', 'Sonneborn–Berger'], ['W', 'Won'], ['D', 'Drawn'], ['L', 'Lost']]
          .map(([short, long]) => h('th', { scope: 'col' }, long ? h('abbr', { title: long }, short) : short)))),
        h('tbody', {}, ...rows.map((r) => h(
          'tr',
          { 'data-team': r.team, class: me !== undefined && r.members.includes(me) ? 'me' : '' },
          h('td', {}, r.place),
          h('th', { scope: 'row' }, r.team),
          h('td', {}, ...r.members.flatMap((m, i) => [i ? ', ' : '', playerLink(m, nameOf(m))])),
          h('td', { class: 'points' }, points(r.points)),
          h('td', {}, points(r.buchholz)),
          h('td', {}, String(r.sonneborn_berger)),
          h('td', {}, r.wins),
          h('td', {}, r.draws),
          h('td', {}, r.losses),
        ))),
      ),
    );
  }

  /**
   * @param {TournamentGame} g
   * @param {string | undefined} me
   */
  function gameLine(g, me) {
    const names = g.players.map((p, i) => `${nameOf(p)}${g.points ? ` ${points(g.points[i])}` : ''}${g.no_shows?.includes(i) ? ' (no-show)' : ''}`);
    const label = me !== undefined && g.players.includes(me) && !g.points ? 'Play' : g.points ? 'Replay' : 'Watch';
    return h('li', { 'data-room': g.room }, names.join(' – '), ' ', h('a', { href: `#/room/${g.room}`, 'aria-label': `${label}: ${names.join(' against ')}` }, label));
  }

  return {
    element,
    async connected() {
      try {
        const reply = await session.connection.request({ type: 'watch_tournament', tournament: id, invite: invite ?? undefined });
        show(reply.tournament);
      } catch (error) {
        sayError(error);
        say('This tournament cannot be shown.', 'error');
      }
    },
    push(message) {
      if (message.type === 'tournament' && message.tournament.id === id) show(message.tournament);
    },
    destroy() {
      clearInterval(ticker);
      if (session.connection.ready) session.connection.request({ type: 'unwatch_tournament', tournament: id }).catch(() => {});
    },
  };
}
