/** @file Tournaments: the list (`#/tournaments`: upcoming, running, finished, and a form to organize one) and a tournament's page (`#/tournament/<id>?invite=<code>`): live standings, each round's pairings with links to the games, the viewer's own game or the time to the next event, and entering, withdrawing, starting and adding computer players. The server pushes every change while the page watches the tournament. */

import { fill, h, say, sayError } from './dom.js';
import { gameName } from './rules.js';
import { playerLink } from './players.js';
import { formatDate, formatNumber, t, tParts } from './i18n.js';

/** @typedef {import('./app.js').Session} Session */
/** @typedef {import('./app.js').View} View */
/** @typedef {import('./wire.js').TournamentState} TournamentState */
/** @typedef {import('./wire.js').TournamentSummary} TournamentSummary */
/** @typedef {import('./wire.js').TournamentFormat} TournamentFormat */
/** @typedef {import('./wire.js').TournamentGame} TournamentGame */

/** Each format's words in the catalogue. */
const FORMATS = /** @type {Record<TournamentFormat, string>} */ ({
  'round-robin': 'web-tournament-format-round-robin',
  swiss: 'web-tournament-format-swiss',
  arena: 'web-tournament-format-arena',
  magma: 'web-tournament-format-magma',
});

/** Each status's words, as the list's section headings say it. */
const STATUS = { upcoming: 'web-tournament-upcoming', running: 'web-tournament-running', finished: 'web-tournament-finished' };

/**
 * A table of standings: its `caption`, a header of `columns` (each a
 * message id and, when the heading is an abbreviation, the id of its long
 * form, else ''), then the `rows`.
 * @param {string} id
 * @param {string} caption
 * @param {string[][]} columns
 * @param {HTMLElement[]} rows
 */
function standingsTable(id, caption, columns, rows) {
  return h(
    'table',
    { class: 'standings', id },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ...columns.map(([short, long]) => h('th', { scope: 'col' }, long ? h('abbr', { title: t(long) }, t(short)) : t(short))))),
    h('tbody', {}, ...rows),
  );
}

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
  /** @param {number} n */
  const two = (n) => String(n).padStart(2, '0');
  if (s >= 3600) return t('web-tournament-hours', { hours: Math.floor(s / 3600), minutes: two(Math.floor((s % 3600) / 60)) });
  return t('web-tournament-minutes', { minutes: Math.floor(s / 60), seconds: two(s % 60) });
}

/**
 * A tournament of the list in words, after its name: its game, format,
 * players, organizer, and when it starts if that is set.
 * @param {TournamentSummary} x
 */
function listLine(x) {
  const about = { game: gameName(x.game), format: t(FORMATS[x.format]), count: x.players, organizer: x.organizer_name };
  return x.starts_at && x.status === 'upcoming' ? t('web-tournament-line-starts', { ...about, date: formatDate(x.starts_at) }) : t('web-tournament-line', about);
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
  const name = h('input', { id: 't-name', maxlength: 60, required: true, value: t('web-tournament-default-name') });
  const game = h('select', { id: 't-game' }, ...['magneton', 'magnetism', 'magnet', 'magma'].map((g) => h('option', { value: g }, gameName(g))));
  const format = h('select', { id: 't-format' }, ...Object.entries(FORMATS).map(([f, words]) => h('option', { value: f }, t(words))));
  const rounds = h('input', { id: 't-rounds', type: 'number', min: 1, max: 30, value: 5 });
  const minutes = h('input', { id: 't-minutes', type: 'number', min: 5, max: 1440, value: 30 });
  const table = h('select', { id: 't-table' }, ...[3, 4, 5, 6].map((n) => h('option', { value: n, selected: n === 4 }, t('web-lobby-n-players', { count: n }))));
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
    field(t('web-tournament-name'), name),
    field(t('web-lobby-game'), game),
    field(t('web-tournament-format'), format),
    field(t('web-tournament-rounds'), rounds),
    field(t('web-tournament-arena-minutes'), minutes),
    field(t('web-tournament-table'), table),
    h('label', { class: 'check' }, teams, ' ', t('web-tournament-teams-option')),
    h('label', { class: 'check' }, bots, ' ', t('web-tournament-bots')),
    h('label', { class: 'check' }, hidden, ' ', t('web-tournament-private')),
    h('button', { type: 'submit', id: 't-create' }, t('web-tournament-create')),
  );
  const element = h(
    'section',
    { class: 'tournaments' },
    h('h2', {}, t('web-nav-tournaments')),
    lists,
    h('details', { class: 'organize' }, h('summary', {}, t('web-tournament-organize')), form),
  );

  /** @param {TournamentSummary[]} all */
  function show(all) {
    const sections = /** @type {(keyof typeof STATUS)[]} */ (['running', 'upcoming', 'finished']).map((status) => {
      const these = all.filter((x) => x.status === status);
      return h(
        'section',
        { class: 'tournament-list', 'data-status': status },
        h('h3', {}, t(STATUS[status])),
        these.length
          ? h('ul', {}, ...these.map((x) => h('li', {},
              h('a', { href: tournamentHref(x.id) }, x.name),
              ' ',
              listLine(x))))
          : h('p', { class: 'empty' }, t('web-tournament-none')),
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
 * @param {TournamentState} tour
 * @param {string} guest
 * @returns {HTMLElement | null}
 */
function botTag(tour, guest) {
  const p = tour.players.find((x) => x.id === guest);
  if (p?.bot_account) return h('span', { class: 'tag', title: t('web-tournament-bot-account') }, t('web-seat-bot'));
  if (p?.bot) return h('span', { class: 'tag' }, t('web-tournament-computer'));
  return null;
}

/**
 * The tags after a name, each after a space (read and shown apart from
 * the name: “Ordinateur 1 (glouton) ordinateur”, not glued to it).
 * @param {(HTMLElement | null)[]} tags
 * @returns {(HTMLElement | string)[]}
 */
function spaced(tags) {
  return tags.flatMap((tag) => (tag ? [' ', tag] : []));
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
    h('h3', {}, t('web-tournament-standings')),
    standings,
    h('h3', {}, t('web-tournament-rounds-heading')),
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

  /** @param {TournamentState} tour */
  function showMine(tour) {
    const me = session.guest?.id;
    const game = tour.rounds.flatMap((r) => r.games).find((g) => !g.points && me !== undefined && g.players.includes(me));
    const entered = tour.players.some((p) => p.id === me && p.status === 'active');
    const now = Date.now();
    /** @type {(string | Node)[]} */
    let line;
    if (game) {
      const link = h('a', { href: `#/room/${game.room}`, id: 'go-to-game', class: 'button' }, t('web-tournament-go-to-game'));
      line = tParts('web-tournament-your-game', { names: game.players.filter((p) => p !== me).map(nameOf).join(', ') }, { link });
    } else if (tour.status === 'upcoming' && tour.spec.starts_at) line = [t('web-tournament-starts-in', { time: countdown(tour.spec.starts_at - now), date: formatDate(tour.spec.starts_at) })];
    else if (tour.status === 'upcoming') line = [t('web-tournament-starts-when-said')];
    else if (tour.status === 'finished') line = [t('web-tournament-over')];
    else if (tour.ends_at) line = [t(entered ? 'web-tournament-waiting-ends-in' : 'web-tournament-ends-in', { time: countdown(tour.ends_at - now) })];
    else if (tour.next_round_at) line = [t('web-tournament-next-round-in', { time: countdown(tour.next_round_at - now) })];
    else line = [t(entered ? 'web-tournament-waiting-next-round' : 'web-tournament-under-way')];
    fill(mine, ...line);
  }

  /** @param {TournamentState} tour */
  function show(tour) {
    shown = tour;
    const me = session.guest?.id;
    const organizer = me === tour.organizer;
    const entry = tour.players.find((p) => p.id === me);
    const about = { format: t(FORMATS[tour.spec.format]), game: gameName(tour.spec.game), status: t('web-tournament-status', { status: tour.status }), organizer: tour.organizer_name };
    fill(
      head,
      h('h2', {}, tour.spec.name),
      h('p', {}, tour.total_rounds ? t('web-tournament-about-rounds', { ...about, round: tour.rounds.length, total: tour.total_rounds }) : t('web-tournament-about', about)),
      tour.invite ? h('p', {}, ...tParts('web-tournament-invite', {}, { link: h('code', {}, `${location.origin}/${tournamentHref(tour.id, tour.invite)}`) })) : null,
    );
    showMine(tour);
    /** @type {HTMLElement[]} */
    const buttons = [];
    const open = tour.status === 'upcoming' || (tour.status === 'running' && tour.spec.late_join);
    if (open && entry?.status !== 'active' && entry?.status !== 'removed') {
      // An event of fixed teams is entered naming a team (a player coming back keeps its own).
      const naming = Boolean(tour.spec.teams) && !entry;
      if (naming) buttons.push(field(t('web-tournament-team-name'), teamName));
      buttons.push(h('button', { id: 't-join', onclick: () => ask({ type: 'join_tournament', tournament: id, invite: invite ?? undefined, team: naming ? teamName.value.trim() || undefined : undefined }) }, t(entry ? 'web-tournament-come-back' : 'web-tournament-join')));
    }
    if (entry?.status === 'active' && tour.status !== 'finished') {
      buttons.push(h('button', { id: 't-withdraw', onclick: () => ask({ type: 'withdraw_tournament', tournament: id }) }, t(tour.status === 'upcoming' ? 'web-tournament-leave' : 'web-tournament-withdraw')));
    }
    if (organizer && tour.status === 'upcoming') buttons.push(h('button', { id: 't-start', onclick: () => ask({ type: 'start_tournament', tournament: id }) }, t('web-tournament-start')));
    if (organizer && tour.spec.bots && tour.status !== 'finished') {
      buttons.push(h('button', { id: 't-bot', onclick: () => ask({ type: 'add_tournament_bot', tournament: id, level: 'greedy' }) }, t('web-tournament-add-bot')));
    }
    buttons.push(h('a', { href: `/api/tournaments/${encodeURIComponent(id)}/records${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`, download: '' }, t('web-tournament-records')));
    fill(actions, ...buttons);
    const arena = tour.spec.format === 'arena';
    showTeams(tour, me);
    fill(
      standings,
      tour.standings.length
        ? standingsTable(
            'standings',
            t('web-tournament-standings-caption'),
            [
              ['web-tournament-col-place', 'web-tournament-col-place-long'],
              ['web-leaderboard-player', ''],
              ['web-tournament-col-points', 'web-tournament-col-points-long'],
              arena ? ['web-tournament-col-performance', 'web-tournament-col-performance-long'] : ['web-tournament-col-buchholz', 'web-tournament-col-buchholz-long'],
              arena ? ['web-tournament-col-streak', ''] : ['web-tournament-col-sb', 'web-tournament-col-sb-long'],
              ['web-tournament-col-won', 'web-tournament-col-won-long'],
              ['web-tournament-col-drawn', 'web-tournament-col-drawn-long'],
              ['web-tournament-col-lost', 'web-tournament-col-lost-long'],
            ],
            tour.standings.map((s) => h(
              'tr',
              { 'data-player': s.player, class: s.player === me ? 'me' : '' },
              h('td', {}, s.place),
              h('th', { scope: 'row' }, playerLink(s.player, s.name), ...spaced([botTag(tour, s.player), s.team ? h('span', { class: 'tag team' }, t('web-tournament-team-tag', { team: s.team })) : null])),
              h('td', { class: 'points' }, points(s.points)),
              h('td', {}, arena ? (s.performance === undefined ? '—' : formatNumber(s.performance)) : points(s.buchholz)),
              h('td', {}, arena ? (s.on_fire ? t('web-tournament-on-fire') : '') : formatNumber(s.sonneborn_berger)),
              h('td', {}, s.wins),
              h('td', {}, s.draws),
              h('td', {}, s.losses),
            )),
          )
        : h('p', { class: 'empty' }, t('web-tournament-nobody')),
    );
    fill(
      rounds,
      ...[...tour.rounds].reverse().map((r) => h(
        'section',
        { class: 'round', 'data-round': r.number },
        h('h4', {}, t(arena ? 'web-tournament-wave' : 'web-tournament-round', { number: r.number })),
        h('ul', {}, ...r.games.map((g) => gameLine(g, me)), ...(r.byes ?? []).map((b) => h('li', {}, t('web-tournament-bye', { name: nameOf(b) })))),
      )),
    );
  }

  /**
   * The team standings of an event of fixed teams (nothing otherwise).
   * @param {TournamentState} tour
   * @param {string | undefined} me
   */
  function showTeams(tour, me) {
    const rows = tour.team_standings ?? [];
    if (!rows.length) {
      fill(teamStandings);
      return;
    }
    fill(
      teamStandings,
      h('h3', {}, t('web-tournament-teams')),
      standingsTable(
        'team-standings',
        t('web-tournament-teams-caption'),
        [
          ['web-tournament-col-place', 'web-tournament-col-place-long'],
          ['web-tournament-team', ''],
          ['web-tournament-team-players', ''],
          ['web-tournament-col-points', 'web-tournament-col-points-long'],
          ['web-tournament-col-buchholz', 'web-tournament-col-buchholz-long'],
          ['web-tournament-col-sb', 'web-tournament-col-sb-long'],
          ['web-tournament-col-won', 'web-tournament-col-won-long'],
          ['web-tournament-col-drawn', 'web-tournament-col-drawn-long'],
          ['web-tournament-col-lost', 'web-tournament-col-lost-long'],
        ],
        rows.map((r) => h(
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
        )),
      ),
    );
  }

  /**
   * @param {TournamentGame} g
   * @param {string | undefined} me
   */
  function gameLine(g, me) {
    const names = g.players.map((p, i) => {
      const scored = g.points ? t('web-tournament-scored', { name: nameOf(p), points: points(g.points[i]) }) : nameOf(p);
      return g.no_shows?.includes(i) ? t('web-tournament-no-show', { player: scored }) : scored;
    });
    const label = t(me !== undefined && g.players.includes(me) && !g.points ? 'web-room-play' : g.points ? 'web-tournament-replay' : 'web-lobby-watch');
    const against = names.reduce((before, after) => t('web-tournament-versus', { before, after }));
    return h('li', { 'data-room': g.room }, names.join(' – '), ' ', h('a', { href: `#/room/${g.room}`, 'aria-label': t('web-tournament-game-label', { action: label, players: against }) }, label));
  }

  return {
    element,
    async connected() {
      try {
        const reply = await session.connection.request({ type: 'watch_tournament', tournament: id, invite: invite ?? undefined });
        show(reply.tournament);
      } catch (error) {
        sayError(error);
        say(t('web-tournament-cannot-show'), 'error');
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
