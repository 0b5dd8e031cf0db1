/** @file The table around the board: the turn line (and what needs an answer now: a Magma vote, a penalty, a draw offer), the seated player's buttons (offer a draw, resign, claim, abort), the end (who won, the sentence saying who did what, Magma's score table) and the rematch, offered from the finished room without ever sending a later visitor away from it. */

import { fill, h } from './dom.js';
import { scoreTable } from './boards/magma.js';
import { colorName, endWords } from './words.js';
import { andList, t } from './i18n.js';

/** @typedef {import('./protocol.js').RoomState} RoomState */
/** @typedef {import('./room.js').RoomContext} RoomContext */

/**
 * The turn line, the answers, the table's buttons and the end banner.
 * @param {RoomContext} ctx
 * @param {{turn: HTMLElement, answer: HTMLElement, banner: HTMLElement, actions: HTMLElement}} parts
 */
export function tableParts(ctx, { turn, answer, banner, actions }) {
  /** Whether this page has seen the room finished with no rematch open yet (so one that opens now was seen opening). */
  let sawNoRematch = false;
  /** @type {string | null} the rematch's room, once this page went there */
  let movedTo = null;

  /** @param {RoomState} st */
  function render(st) {
    renderTurn(st);
    renderDrawOffer(st);
    renderActions(st);
  }

  /** @param {RoomState} st */
  function renderTurn(st) {
    const { who } = ctx;
    const play = st.play;
    turn.className = 'turn';
    banner.hidden = true;
    fill(answer);
    if (st.status === 'closed') {
      const end = endWords(st, who);
      turn.textContent = end ? t('web-table-closed-why', { why: end.sentence }) : t('web-table-closed');
      if (play) renderSummary(st);
      return;
    }
    if (st.status === 'open') {
      const taken = st.seats.filter((x) => x.player).length;
      turn.textContent =
        taken < st.seats.length ? t('web-table-waiting-players', { taken, seats: st.seats.length }) : t('web-table-all-seated');
      return;
    }
    if (!play) return;
    if (play.outcome) {
      renderSummary(st);
      turn.textContent = t('web-table-over');
      return;
    }
    const yours = st.you !== null && play.to_act.includes(st.you);
    const names = play.to_act.map(who);
    const phase = st.game === 'magma' ? /** @type {import('./wire.js').MagmaBoard} */ (play.board).phase : null;
    if (phase?.kind === 'vote') {
      const proposer = who(phase.proposer);
      if (yours) {
        turn.classList.add('your-turn');
        turn.textContent = t('web-table-end-proposed', { who: proposer });
        answer.append(
          h('button', { type: 'button', class: 'answer-yes', 'data-answer': 'end!', onclick: () => ctx.playAction('end!', { deliberate: true }) }, t('web-table-end-agree')),
          h('button', { type: 'button', class: 'answer-no', 'data-answer': 'end-', onclick: () => ctx.playAction('end-', { deliberate: true }) }, t('web-table-end-refuse')),
        );
      } else {
        turn.textContent = t('web-table-end-waiting', { who: proposer, names: andList(names) });
      }
      return;
    }
    if (phase?.kind === 'penalty') {
      const late = who(phase.late);
      if (yours) {
        turn.classList.add('your-turn');
        turn.textContent = t('web-table-penalty-yours', { who: late, color: colorName(phase.color) });
      } else {
        turn.textContent = t('web-table-penalty-waiting', { who: late, names: andList(names), color: colorName(phase.color) });
      }
      return;
    }
    if (yours) {
      turn.classList.add('your-turn');
      turn.textContent = play.to_act.length > 1 ? t('web-table-your-turn-together') : t('web-table-your-turn');
    } else {
      turn.textContent = t(st.you === null ? 'web-table-watching-waiting-for' : 'web-table-waiting-for', { names: names.length ? andList(names) : t('web-seat-nobody') });
    }
  }

  /**
   * A waiting draw offer, in the status bar: the other side may accept or
   * decline it; the offerer sees that it waits.
   * @param {RoomState} st
   */
  function renderDrawOffer(st) {
    const offer = st.play?.draw_offer;
    if (offer === undefined || offer === null || st.status !== 'playing') return;
    if (offer === st.you) {
      answer.append(h('span', { class: 'draw-offer', id: 'draw-waiting' }, t('web-table-draw-waits')));
      return;
    }
    answer.append(h('span', { class: 'draw-offer', id: 'draw-offered' }, t('web-table-draw-offered', { who: ctx.who(offer) })));
    if (st.you === null) return;
    answer.append(
      h('button', { type: 'button', id: 'draw-accept', onclick: () => ctx.send({ type: 'answer_draw', room: ctx.roomId, accept: true }) }, t('web-table-draw-accept')),
      h('button', { type: 'button', id: 'draw-decline', onclick: () => ctx.send({ type: 'answer_draw', room: ctx.roomId, accept: false }) }, t('web-table-decline')),
    );
  }

  /**
   * A seated player's buttons during the game: offer a draw (not in
   * Magma, which votes to end), resign, claim the game from an absent
   * player on its turn (when the room allows), go berserk before one's
   * first move (room option `berserk=on`), and abort while some seat
   * has not moved yet (the server has the last word: it answers
   * `too-late`).
   * @param {RoomState} st
   */
  function renderActions(st) {
    const { send, askFirst, roomId, who } = ctx;
    fill(actions);
    if (renderRematch(st)) return;
    const play = st.play;
    if (st.status !== 'playing' || st.you === null || !play || play.outcome) return;
    if (st.game !== 'magma' && (play.draw_offer === undefined || play.draw_offer === null)) {
      actions.append(h('button', { type: 'button', id: 'offer-draw', onclick: () => send({ type: 'offer_draw', room: roomId }) }, t('web-table-offer-draw')));
    }
    actions.append(
      h(
        'button',
        { type: 'button', id: 'resign', onclick: () => askFirst(t('web-table-resign-ask'), t('web-table-resign'), () => send({ type: 'resign', room: roomId })) },
        t('web-table-resign'),
      ),
    );
    const absentToAct = play.to_act.filter((i) => i !== st.you && st.seats[i]?.absent);
    if (st.options.absent === 'claim' && absentToAct.length > 0) {
      actions.append(
        h(
          'button',
          {
            type: 'button',
            id: 'claim',
            onclick: () =>
              askFirst(t('web-table-claim-ask', { names: andList(absentToAct.map(who)) }), t('web-table-claim-yes'), () => send({ type: 'claim', room: roomId })),
          },
          t('web-table-claim'),
        ),
      );
    }
    // Secret actions (setups, a secret magnet) are not first moves.
    const moved = new Set(play.moves.filter((m) => m.commitment === undefined).map((m) => m.seat));
    // Berserk (an arena's games): before one's own first action.
    const mine = play.clocks?.find((c) => c.seat === st.you);
    if (st.options.berserk === 'on' && mine && !mine.berserk && !play.moves.some((m) => m.seat === st.you)) {
      actions.append(
        h(
          'button',
          {
            type: 'button',
            id: 'berserk',
            onclick: () =>
              askFirst(t('web-table-berserk-ask'), t('web-table-berserk'), () =>
                send({ type: 'berserk', room: roomId }),
              ),
          },
          t('web-table-berserk'),
        ),
      );
    }
    if (st.seats.some((x) => !moved.has(x.seat))) {
      actions.append(
        h(
          'button',
          {
            type: 'button',
            id: 'abort',
            onclick: () => askFirst(t('web-table-abort-ask'), t('web-table-abort-yes'), () => send({ type: 'abort', room: roomId })),
          },
          t('web-table-abort'),
        ),
      );
    }
  }

  /**
   * After the end: propose, accept or decline a rematch. The page goes to
   * the rematch's room only when it saw it open (the viewer was here);
   * a later visitor stays on this game, with a link to the rematch.
   * Returns whether the game is over.
   * @param {RoomState} st
   */
  function renderRematch(st) {
    const { send, roomId, who } = ctx;
    if (st.status !== 'finished') return false;
    const rematch = st.rematch;
    if (rematch?.room) {
      if (sawNoRematch && movedTo === null && (st.you !== null || st.public)) {
        movedTo = rematch.room;
        location.hash = `#/room/${rematch.room}`;
        return true;
      }
      actions.append(
        h('p', { class: 'hint', id: 'rematch-status' }, t('web-table-rematch-played'), ' ', h('a', { id: 'rematch-link', href: `#/room/${rematch.room}` }, t('web-table-rematch-go'))),
      );
      return true;
    }
    sawNoRematch = true;
    const accepted = rematch?.accepted ?? [];
    if (st.you === null) {
      if (accepted.length) actions.append(h('p', { class: 'hint', id: 'rematch-status' }, t('web-table-rematch-proposed-by', { who: who(accepted[0]) })));
      return true;
    }
    const rematchButton = (/** @type {string} */ id, /** @type {string} */ label, accept = true) =>
      h('button', { type: 'button', id, onclick: () => send({ type: 'rematch', room: roomId, accept }) }, label);
    if (accepted.length === 0) {
      actions.append(rematchButton('rematch', t('web-table-rematch')));
    } else if (accepted.includes(st.you)) {
      const waiting = st.seats.filter((x) => !accepted.includes(x.seat)).map((x) => who(x.seat));
      actions.append(h('p', { id: 'rematch-status' }, t('web-table-rematch-waiting', { names: andList(waiting) })), rematchButton('rematch-decline', t('web-table-withdraw'), false));
    } else {
      actions.append(
        h('p', { id: 'rematch-status' }, t('web-table-rematch-proposed-by', { who: who(accepted[0]) })),
        rematchButton('rematch-accept', t('web-table-rematch-accept')),
        rematchButton('rematch-decline', t('web-table-decline'), false),
      );
    }
    return true;
  }

  /**
   * The end of the game: who won, the sentence saying who did what,
   * Magma's score table, where the board marks the end.
   * @param {RoomState} st
   */
  function renderSummary(st) {
    const play = /** @type {import('./protocol.js').PlayState} */ (st.play);
    const outcome = play.outcome;
    const won = outcome !== null && st.you !== null && outcome.winners.includes(st.you);
    const lost = outcome !== null && st.you !== null && outcome.winners.length > 0 && !won;
    const end = endWords(st, ctx.who);
    const marked = outcome && outcome.winners.length > 0 && !st.ended;
    fill(
      banner,
      h('h3', { id: 'result-h' }, won ? `${t('web-table-you-win')} ` : lost ? `${t('web-table-you-lose')} ` : outcome ? `${t('web-table-game-over')} ` : '', h('span', { class: 'head' }, end?.head ?? '')),
      end?.sentence ? h('p', { class: 'reason', id: 'result-why' }, end.sentence) : null,
      st.game === 'magma' && outcome ? scoreTable(/** @type {import('./wire.js').MagmaBoard} */ (play.board), ctx.nameOf) : null,
      st.game === 'magneton' && marked && /four in a row/.test(outcome.result) ? h('p', { class: 'hint' }, t('web-table-line-drawn')) : null,
      st.game === 'magnetism' && marked && /far row/.test(outcome.result) ? h('p', { class: 'hint' }, t('web-table-far-row-marked')) : null,
      outcome ? h('p', { class: 'result-raw' }, t('web-table-in-record', { result: outcome.result })) : null,
    );
    banner.className = `result${won ? ' won' : lost ? ' lost' : ''}`;
    banner.hidden = false;
  }

  return { render };
}
