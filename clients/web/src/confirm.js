/** @file The room's confirmation sheet: a "yes" before a move the server warns about (or every move, as a setting), before resigning, aborting, closing the room or freeing a seat; the focus goes back where it was. */

import { h } from './dom.js';
import { confirmMove } from './settings.js';
import { actionWords } from './words.js';
import { t } from './i18n.js';

/**
 * What the server says an offered action risks (`play.risks[action]`: it
 * loses at once, or lets an opponent win on the spot when another offered
 * action would not), in words; null if nothing.
 * @param {import('./protocol.js').PlayState | null | undefined} play
 * @param {string} action
 */
export function warningFor(play, action) {
  const risks = play?.risks;
  if (!risks) return null;
  const found = risks[action] ?? risks[action.split('+')[0].trim()];
  if (found === 'loses') return t('web-confirm-loses');
  if (found === 'allows-win') return t('web-confirm-allows-win');
  return null;
}

/**
 * The sheet and what asks through it.
 * @param {{act: (action: string) => void, play: () => import('./protocol.js').PlayState | null | undefined, game: () => string, opened?: (sheet: HTMLElement) => void}} room
 *   `opened` is told when the sheet opens over a move (to keep the board clear of it)
 */
export function confirmations(room) {
  const text = h('p', { id: 'confirm-text' });
  const warning = h('p', { class: 'warning', id: 'confirm-warning', hidden: true });
  const yes = h('button', { type: 'button', class: 'play', id: 'confirm-yes' }, t('web-confirm-play-it'));
  const no = h('button', { type: 'button', id: 'confirm-no' }, t('web-confirm-cancel'));
  const element = h(
    'div',
    { class: 'confirm-sheet', id: 'confirm', role: 'dialog', 'aria-labelledby': 'confirm-text', hidden: true },
    warning,
    text,
    h('div', { class: 'row' }, yes, no),
  );
  /** @type {string | null} the action waiting for a "yes" */
  let pending = null;
  /** @type {(() => void) | null} a request (resign, abort, close) waiting for a "yes" */
  let pendingCall = null;
  /** @type {Element | null} */
  let focusBefore = null;

  function close() {
    const wasOpen = !element.hidden;
    pending = null;
    pendingCall = null;
    yes.textContent = t('web-confirm-play-it');
    element.hidden = true;
    if (wasOpen && (focusBefore instanceof HTMLElement || focusBefore instanceof SVGElement) && focusBefore.isConnected) {
      focusBefore.focus();
    }
    focusBefore = null;
  }

  yes.addEventListener('click', () => {
    const action = pending;
    const call = pendingCall;
    close();
    if (action) room.act(action);
    if (call) call();
  });
  no.addEventListener('click', close);
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });

  return {
    element,
    close,
    /** The action waiting for a "yes", if any. */
    get pending() {
      return pending;
    },
    /**
     * Plays an action, after a "yes" when the server warns that it loses
     * (always) or when moves are to be confirmed (a setting, see
     * `confirmMove`; not for a deliberate move: typed, or sent with a
     * "Play …" button, nor a confirmed Magnet setup). The "yes" has the
     * focus: Enter plays, Escape cancels.
     * @param {string} action
     * @param {import('./boards/index.js').How} [how]
     */
    playAction(action, how = {}) {
      const warned = warningFor(room.play(), action);
      const ask = warned !== null || (confirmMove(how) && !how.deliberate && !/^setup /i.test(action));
      if (!ask) {
        room.act(action);
        return;
      }
      pending = action;
      pendingCall = null;
      focusBefore = document.activeElement;
      text.textContent = t(warned ? 'web-confirm-play-anyway' : 'web-confirm-play-this', { move: actionWords(room.game(), action), action });
      warning.textContent = warned ? `⚠ ${warned}` : '';
      warning.hidden = warned === null;
      element.classList.toggle('danger', warned !== null);
      element.hidden = false;
      room.opened?.(element);
      yes.focus();
    },
    /**
     * Asks for a "yes" before `then` (resigning, aborting, closing the room).
     * @param {string} question
     * @param {string} label the button's words
     * @param {() => void} then
     */
    askFirst(question, label, then) {
      pending = null;
      pendingCall = then;
      focusBefore = document.activeElement;
      text.textContent = question;
      warning.hidden = true;
      yes.textContent = label;
      element.classList.add('danger');
      element.hidden = false;
      no.focus();
    },
  };
}
