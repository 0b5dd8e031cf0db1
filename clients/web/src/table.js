/** @file The table around the board: the turn line (and what needs an answer now: a Magma vote, a penalty, a draw offer), the seated player's buttons (offer a draw, resign, claim, abort), the end (who won, the sentence saying who did what, Magma's score table) and the rematch, offered from the finished room without ever sending a later visitor away from it. */

import { fill, h } from './dom.js';
import { scoreTable } from './boards/magma.js';
import { endWords } from './words.js';

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
      turn.textContent = end ? `This room is closed. ${end.sentence}` : 'This room is closed.';
      if (play) renderSummary(st);
      return;
    }
    if (st.status === 'open') {
      const taken = st.seats.filter((x) => x.player).length;
      turn.textContent =
        taken < st.seats.length ? `Waiting for players: ${taken} of ${st.seats.length} seats taken.` : 'Every seat is taken: any player may start.';
      return;
    }
    if (!play) return;
    if (play.outcome) {
      renderSummary(st);
      turn.textContent = 'The game is over.';
      return;
    }
    const yours = st.you !== null && play.to_act.includes(st.you);
    const names = play.to_act.map(who);
    const phase = st.game === 'magma' ? /** @type {import('./wire.js').MagmaBoard} */ (play.board).phase : null;
    if (phase?.kind === 'vote') {
      const proposer = who(phase.proposer);
      if (yours) {
        turn.classList.add('your-turn');
        turn.textContent = `${proposer} proposes to end the game. Do you agree?`;
        answer.append(
          h('button', { type: 'button', class: 'answer-yes', 'data-answer': 'end!', onclick: () => ctx.playAction('end!', { deliberate: true }) }, 'Agree to end'),
          h('button', { type: 'button', class: 'answer-no', 'data-answer': 'end-', onclick: () => ctx.playAction('end-', { deliberate: true }) }, 'Refuse, play on'),
        );
      } else {
        turn.textContent = `${proposer} proposes to end the game; waiting for ${names.join(', ')} to answer.`;
      }
      return;
    }
    if (phase?.kind === 'penalty') {
      const late = who(phase.late);
      if (yours) {
        turn.classList.add('your-turn');
        turn.textContent = `${late} ran out of time: tap one of the ${phase.color} pieces to remove it.`;
      } else {
        turn.textContent = `${late} ran out of time; waiting for ${names.join(', ')} to remove one of the ${phase.color} pieces.`;
      }
      return;
    }
    if (yours) {
      turn.classList.add('your-turn');
      turn.textContent = play.to_act.length > 1 ? 'Your turn (the others choose at the same time).' : 'Your turn.';
    } else {
      turn.textContent = `${st.you === null ? 'Watching. ' : ''}Waiting for ${names.join(' and ') || 'nobody'}.`;
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
      answer.append(h('span', { class: 'draw-offer', id: 'draw-waiting' }, 'Your draw offer waits for an answer.'));
      return;
    }
    answer.append(h('span', { class: 'draw-offer', id: 'draw-offered' }, `${ctx.who(offer)} offers a draw.`));
    if (st.you === null) return;
    answer.append(
      h('button', { type: 'button', id: 'draw-accept', onclick: () => ctx.send({ type: 'answer_draw', room: ctx.roomId, accept: true }) }, 'Accept the draw'),
      h('button', { type: 'button', id: 'draw-decline', onclick: () => ctx.send({ type: 'answer_draw', room: ctx.roomId, accept: false }) }, 'Decline'),
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
      actions.append(h('button', { type: 'button', id: 'offer-draw', onclick: () => send({ type: 'offer_draw', room: roomId }) }, 'Offer a draw'));
    }
    actions.append(
      h(
        'button',
        { type: 'button', id: 'resign', onclick: () => askFirst('Resign this game? It counts as a loss.', 'Resign', () => send({ type: 'resign', room: roomId })) },
        'Resign',
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
              askFirst(`Claim the game? ${absentToAct.map(who).join(' and ')} will lose as if out of time.`, 'Claim', () => send({ type: 'claim', room: roomId })),
          },
          'Claim the game',
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
              askFirst('Go berserk? Half your starting time goes and you get no increment; a win scores one point more.', 'Berserk', () =>
                send({ type: 'berserk', room: roomId }),
              ),
          },
          'Berserk',
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
            onclick: () => askFirst('Abort this game? It ends without a result and the room closes.', 'Abort the game', () => send({ type: 'abort', room: roomId })),
          },
          'Abort',
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
        h('p', { class: 'hint', id: 'rematch-status' }, 'A rematch was played after this game. ', h('a', { id: 'rematch-link', href: `#/room/${rematch.room}` }, 'Go to the rematch')),
      );
      return true;
    }
    sawNoRematch = true;
    const accepted = rematch?.accepted ?? [];
    if (st.you === null) {
      if (accepted.length) actions.append(h('p', { class: 'hint', id: 'rematch-status' }, `${who(accepted[0])} proposes a rematch.`));
      return true;
    }
    const rematchButton = (/** @type {string} */ id, /** @type {string} */ label, accept = true) =>
      h('button', { type: 'button', id, onclick: () => send({ type: 'rematch', room: roomId, accept }) }, label);
    if (accepted.length === 0) {
      actions.append(rematchButton('rematch', 'Rematch'));
    } else if (accepted.includes(st.you)) {
      const waiting = st.seats.filter((x) => !accepted.includes(x.seat)).map((x) => who(x.seat));
      actions.append(h('p', { id: 'rematch-status' }, `Rematch proposed: waiting for ${waiting.join(' and ')}.`), rematchButton('rematch-decline', 'Withdraw', false));
    } else {
      actions.append(
        h('p', { id: 'rematch-status' }, `${who(accepted[0])} proposes a rematch.`),
        rematchButton('rematch-accept', 'Accept the rematch'),
        rematchButton('rematch-decline', 'Decline', false),
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
      h('h3', { id: 'result-h' }, won ? 'You win! ' : lost ? 'You lose. ' : outcome ? 'Game over. ' : '', h('span', { class: 'head' }, end?.head ?? '')),
      end?.sentence ? h('p', { class: 'reason', id: 'result-why' }, end.sentence) : null,
      st.game === 'magma' && outcome ? scoreTable(/** @type {import('./wire.js').MagmaBoard} */ (play.board), ctx.nameOf) : null,
      st.game === 'magneton' && marked && /four in a row/.test(outcome.result) ? h('p', { class: 'hint' }, 'The winning line is drawn on the board.') : null,
      st.game === 'magnetism' && marked && /far row/.test(outcome.result) ? h('p', { class: 'hint' }, 'The winner’s pieces on the far row are marked on the board.') : null,
      outcome ? h('p', { class: 'result-raw' }, `In the record: ${outcome.result}`) : null,
    );
    banner.className = `result${won ? ' won' : lost ? ' lost' : ''}`;
    banner.hidden = false;
  }

  return { render };
}
