/** @file Stepping through a room's game: the move list (each entry a button showing the position after it, the last with what it did), the replay bar (first, back, forward, last or live, a link to the position shown), arrow keys, and the server's `replay` of each ply as this viewer saw it, kept once asked; the address follows as `#/room/<id>/ply/<n>`. */

import { fill, h, sayError } from './dom.js';
import { actionWords, effectWords } from './words.js';
import { t } from './i18n.js';

/** @typedef {import('./protocol.js').RoomState} RoomState */
/** @typedef {import('./room.js').RoomContext} RoomContext */

/**
 * @param {RoomContext} ctx
 * @param {{chat: {push: (lines: import('./wire.js').ChatLine[]) => void}, redraw: (animate: boolean) => void, page: () => HTMLElement}} hooks
 */
export function replayParts(ctx, hooks) {
  const moves = h('ol', { class: 'moves', id: 'moves', tabindex: 0, 'aria-labelledby': 'moves-h' });
  const at = h('span', { class: 'replay-at', id: 'replay-at', 'aria-live': 'polite' });
  /**
   * @param {string} id
   * @param {string} label
   * @param {string} icon
   * @param {boolean} after the icon after the words
   */
  const stepButton = (id, label, icon, after) =>
    h(
      'button',
      { type: 'button', id, class: 'step' },
      after ? null : h('span', { 'aria-hidden': 'true' }, `${icon} `),
      h('span', { class: 'step-label' }, label),
      after ? h('span', { 'aria-hidden': 'true' }, ` ${icon}`) : null,
    );
  const first = stepButton('replay-first', t('web-replay-first'), '«', false);
  const back = stepButton('replay-back', t('web-replay-back'), '◀', false);
  const forward = stepButton('replay-forward', t('web-replay-forward'), '▶', true);
  const last = stepButton('replay-last', t('web-replay-last'), '»', true);
  const link = h('a', { id: 'replay-link', class: 'replay-link', href: `#/room/${ctx.roomId}` }, t('web-replay-link'));
  const bar = h('nav', { class: 'row replay-bar', id: 'replay', 'aria-label': t('web-replay-bar'), hidden: true }, first, back, at, forward, last, link);

  /**
   * The position shown instead of the live one: a ply (0 = the start)
   * and the room as the server's `replay` showed it to us then.
   * @type {{ply: number, state: RoomState, revealed: boolean} | null}
   */
  let replay = null;
  /** Answers already had, by ply (a past ply does not change until the game ends and everything is revealed). */
  /** @type {Map<number, {state: RoomState, revealed: boolean}>} */
  const replays = new Map();
  /** The latest replay asked for: older answers are dropped. */
  let asked = 0;

  /** How many plies (actions) the live log holds. */
  const plies = () => ctx.state()?.play?.moves.length ?? 0;
  /** The ply shown: the replay's, or the latest. */
  const shownPly = () => (replay ? replay.ply : plies());

  /**
   * The address of ply `ply` of this room (the latest: the room's own).
   * @param {number | null} ply
   */
  function addressOf(ply) {
    const invite = ctx.invite();
    const query = invite ? `?invite=${encodeURIComponent(invite)}` : '';
    return ply === null ? `#/room/${ctx.roomId}${query}` : `#/room/${ctx.roomId}/ply/${ply}${query}`;
  }

  /**
   * Shows ply `ply` (0 = the start): the live position for the latest,
   * otherwise the server's replay of it for this viewer. The address
   * follows, so it can be shared.
   * @param {number} ply
   */
  async function goTo(ply) {
    if (!ctx.state()?.play) return;
    const total = plies();
    const target = Math.max(0, Math.min(Math.floor(ply), total));
    const mine = ++asked;
    const animate = replay !== null && target === shownPly() + 1;
    if (target === total) {
      replay = null;
    } else {
      let answer = replays.get(target);
      if (!answer) {
        try {
          const reply = await ctx.session.connection.request({ type: 'replay', room: ctx.roomId, ply: target, invite: ctx.invite() });
          answer = { state: reply.state, revealed: reply.revealed };
          // The lines this viewer could read then (a finished room that
          // left memory has no live history to send).
          if (reply.chat) hooks.chat.push(reply.chat);
        } catch (error) {
          if (mine === asked) sayError(error);
          return;
        }
        // Only answers of the same kind are kept together: once the game
        // is over every ply is revealed.
        if (replays.size === 0 || [...replays.values()][0].revealed === answer.revealed) replays.set(target, answer);
      }
      if (mine !== asked) return;
      replay = { ply: target, ...answer };
    }
    if (location.hash !== addressOf(replay ? target : null)) history.replaceState(null, '', addressOf(replay ? target : null));
    hooks.redraw(animate);
  }

  /** The replay bar: where we are, the buttons that step, the link. */
  function renderBar() {
    const st = ctx.state();
    const total = plies();
    const finished = st?.status === 'finished' || Boolean(st?.play?.outcome);
    bar.hidden = !st?.play || total === 0;
    const ply = shownPly();
    const atStart = ply === 0;
    const atEnd = replay === null;
    for (const [button, off] of /** @type {[HTMLElement, boolean][]} */ ([
      [first, atStart],
      [back, atStart],
      [forward, atEnd],
      [last, atEnd],
    ])) {
      // aria-disabled rather than disabled: the focus stays on the button.
      button.setAttribute('aria-disabled', String(off));
    }
    /** @type {HTMLElement} */ (last.querySelector('.step-label')).textContent = finished ? t('web-replay-last') : t('web-replay-live');
    const where = atStart ? t('web-replay-start', { total }) : t('web-replay-after', { ply, total });
    at.textContent = atEnd ? (finished ? t('web-replay-end', { total }) : t('web-replay-live-move', { total })) : t('web-replay-where', { where });
    link.setAttribute('href', addressOf(ply));
  }

  for (const [button, where] of /** @type {[HTMLElement, () => number][]} */ ([
    [first, () => 0],
    [back, () => shownPly() - 1],
    [forward, () => shownPly() + 1],
    [last, () => plies()],
  ])) {
    button.addEventListener('click', () => {
      if (button.getAttribute('aria-disabled') !== 'true') goTo(where());
    });
  }

  /**
   * The log, one item per action; the last one also says what it did (its
   * effects, as the server told this viewer: only the last action has
   * them on the wire).
   * @param {RoomState} st
   */
  function renderMoves(st) {
    const hadFocus = moves.contains(document.activeElement);
    fill(moves);
    const lastAction = st.play?.last;
    const ply = shownPly();
    /** @type {HTMLElement | null} */
    let current = null;
    for (const entry of st.play?.moves ?? []) {
      const text = entry.action ? entry.action : entry.commitment ? t('web-replay-secret-commitment', { commitment: `${entry.commitment.slice(0, 10)}…` }) : t('web-replay-secret');
      const did = lastAction && lastAction.ply === entry.ply ? effectWords(lastAction.effects, entry.action) : '';
      const here = entry.ply === ply;
      // Each entry is a button that shows the position after it.
      const go = h(
        'button',
        { type: 'button', class: 'goto', 'data-ply': entry.ply, 'aria-current': here ? 'step' : null, onclick: () => goTo(entry.ply) },
        h('span', { class: 'who' }, ctx.who(entry.seat)),
        ' ',
        entry.action ? h('span', { class: 'words' }, `${actionWords(st.game, entry.action)} `) : null,
        h('span', { class: 'what' }, text),
        did ? h('span', { class: 'effects' }, `: ${did}`) : null,
      );
      if (here) current = go;
      moves.append(h('li', { value: entry.ply, class: `${entry.action ? '' : 'secret'}${did ? ' has-effects' : ''}${here ? ' current' : ''}`.trim() }, go));
    }
    if (replay && current) moves.scrollTop = Math.max(0, current.offsetTop - moves.clientHeight / 2);
    else moves.scrollTop = moves.scrollHeight;
    if (hadFocus) (current ?? moves).focus();
  }

  /**
   * Arrow keys step through the game (Home and End in the move list and
   * the replay bar), unless a field, the board (whose arrows move between
   * cells) or a dialog has them.
   * @param {KeyboardEvent} event
   */
  function onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!ctx.state()?.play || plies() === 0 || !hooks.page().isConnected) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input, select, textarea, [contenteditable], #board, #confirm, dialog')) return;
    const inList = target !== null && (moves.contains(target) || bar.contains(target));
    const steps = /** @type {Record<string, number>} */ ({ ArrowLeft: shownPly() - 1, ArrowRight: shownPly() + 1 });
    if (inList) Object.assign(steps, { Home: 0, End: plies(), ArrowUp: shownPly() - 1, ArrowDown: shownPly() + 1 });
    const ply = steps[event.key];
    if (ply === undefined) return;
    event.preventDefault();
    if (ply >= 0 && ply <= plies() && ply !== shownPly()) goTo(ply);
  }
  document.addEventListener('keydown', onKey);

  return {
    moves,
    bar,
    goTo,
    addressOf,
    plies,
    /** The replayed position shown, if any. */
    get shown() {
      return replay;
    },
    /** Draws the move list and the bar. @param {RoomState} st */
    render(st) {
      renderMoves(st);
      renderBar();
    },
    /** The game just ended: every past ply is revealed now. */
    ended() {
      if (replays.size === 0) return;
      replays.clear();
      if (replay) goTo(replay.ply);
    },
    /** After a reconnect: the replay shown is asked again. */
    reconnected() {
      if (!replay) return;
      const ply = replay.ply;
      replays.clear();
      goTo(ply);
    },
    destroy() {
      document.removeEventListener('keydown', onKey);
    },
  };
}
