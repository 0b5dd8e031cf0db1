/** @file Vacation (docs/protocol.md, Vacation): the settings' section where an account goes on vacation for some days with a message, sees the days it has left and comes back early; and the "on vacation until …" tag a seat shows the other players. */

import { fill, h, say, sayError } from './dom.js';
import { formatDate, t } from './i18n.js';

/** @typedef {import('./app.js').Session} Session */
/** @typedef {import('./wire.js').VacationState} VacationState */
/** @typedef {import('./wire.js').SeatVacation} SeatVacation */

/** A date and time as the page's language writes them, short. @param {number} ms */
function when(ms) {
  return formatDate(ms);
}

/**
 * The tag of a seated player on vacation.
 * @param {SeatVacation} vacation
 */
export function vacationTag(vacation) {
  const until = t('web-vacation-tag', { until: when(vacation.until) });
  const text = vacation.message ? `${until} — ${vacation.message}` : until;
  return h('span', { class: 'tag vacation-tag', title: t('web-vacation-tag-title') }, text);
}

/**
 * The vacation a `vacation` reply carries.
 * @param {unknown} reply
 * @returns {VacationState}
 */
function vacationOf(reply) {
  return /** @type {import('./protocol.js').MessageOf<'vacation'>} */ (reply).vacation;
}

/**
 * The vacation section of one's settings: hidden for a guest (vacation is
 * for accounts), refreshed after every connect.
 * @param {Session} session
 */
export function vacationSection(session) {
  const status = h('p', { id: 'vacation-status', 'aria-live': 'polite' });
  const days = h('input', { id: 'vacation-days', type: 'number', min: 1, max: 365, value: 7, required: true });
  const message = h('input', { id: 'vacation-message', maxlength: 200, placeholder: t('web-vacation-placeholder') });
  const take = h('button', { type: 'submit', id: 'vacation-take' }, t('web-vacation-take'));
  const back = h('button', { type: 'button', id: 'vacation-end' }, t('web-vacation-end'));
  const form = h(
    'form',
    {
      class: 'vacation-form',
      onsubmit: (/** @type {Event} */ event) => {
        event.preventDefault();
        const text = message.value.trim();
        /** @type {{type: 'take_vacation', days: number, message?: string}} */
        const request = { type: 'take_vacation', days: Number(days.value) };
        if (text) request.message = text;
        change(request, t('web-vacation-taken'));
      },
    },
    h('div', { class: 'row' }, h('label', { for: 'vacation-days' }, t('web-vacation-days')), days),
    h('div', { class: 'row' }, h('label', { for: 'vacation-message' }, t('web-vacation-message')), message),
    h('div', { class: 'row' }, take),
  );
  const element = h(
    'details',
    { class: 'settings vacation', id: 'vacation', hidden: true },
    h('summary', {}, t('web-vacation')),
    h('p', { class: 'hint' }, t('web-vacation-hint')),
    status,
    form,
    back,
  );
  /** @param {VacationState} v */
  function show(v) {
    element.hidden = false;
    const left = t('web-vacation-days-left', { left: v.days_left, total: v.days_per_year });
    const on = v.until !== undefined;
    fill(status, on ? t('web-vacation-on-until', { until: when(/** @type {number} */ (v.until)), left }) : left);
    form.hidden = on;
    back.hidden = !on;
    days.max = String(Math.max(1, v.days_left));
  }
  /**
   * @param {{type: 'take_vacation', days: number, message?: string} | {type: 'end_vacation'}} request
   * @param {string} done
   */
  async function change(request, done) {
    try {
      show(vacationOf(await session.connection.request(request)));
      say(done);
    } catch (error) {
      sayError(error);
    }
  }
  back.addEventListener('click', () => change({ type: 'end_vacation' }, t('web-vacation-back')));
  async function refresh() {
    if (!session.connection.ready) return;
    try {
      show(vacationOf(await session.connection.request({ type: 'my_vacation' })));
    } catch {
      // A guest (account-required) or a dropped connection: no section.
      element.hidden = true;
    }
  }
  return { element, refresh };
}
