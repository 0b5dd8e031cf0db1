/** @file A bot account's settings, in the lobby's account part: make the account a bot account (for good), then make API tokens (each shown once, for a program to say `hello` with) and revoke them, through `/api/account/...` with this device's token (docs/api.md). */

import { fill, h, say, sayError } from './dom.js';
import { formatDate, languageHeader, t } from './i18n.js';

/** @typedef {import('./wire.js').AccountInfo} AccountInfo */
/** @typedef {import('./wire.js').NewApiToken} NewApiToken */
/** @typedef {import('./app.js').Session} Session */

/**
 * A request to the account's settings with this device's token; the JSON
 * answer, or `null` for none (204). A refusal throws its sentence.
 * @param {Session} session
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function call(session, method, path, body) {
  /** @type {Record<string, string>} */
  const headers = { ...languageHeader(), Authorization: `Bearer ${session.token() ?? ''}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (response.status === 204) return null;
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.message ?? t('web-server-answered', { status: response.status }));
  return answer;
}

/**
 * The bot account part of an account's settings. `refresh` reads them
 * again from the server.
 * @param {Session} session
 */
export function botSettings(session) {
  const body = h('div', { id: 'bot-settings' });
  /** The token made last, shown until the next refresh of the list. */
  let shown = /** @type {NewApiToken | null} */ (null);

  /** @param {AccountInfo} info */
  function render(info) {
    if (!info.bot) {
      const sure = h(
        'button',
        {
          type: 'button',
          id: 'make-bot-sure',
          hidden: true,
          onclick: async () => {
            try {
              render(await call(session, 'POST', '/api/account/bot'));
              say(t('web-bot-made'));
            } catch (error) {
              sayError(error);
            }
          },
        },
        t('web-bot-make-sure'),
      );
      fill(
        body,
        h('p', { class: 'hint' }, t('web-bot-explain')),
        h('button', { type: 'button', id: 'make-bot', onclick: () => { sure.hidden = false; } }, t('web-bot-make')),
        sure,
      );
      return;
    }
    const label = /** @type {HTMLInputElement} */ (h('input', { id: 'token-label', maxlength: 64, required: true, autocomplete: 'off' }));
    fill(
      body,
      h('p', {}, t('web-bot-is-bot')),
      info.tokens.length
        ? h(
            'ul',
            { id: 'api-tokens' },
            ...info.tokens.map((token) =>
              h(
                'li',
                { 'data-token': token.id },
                h('strong', {}, token.label),
                ' ', t('web-bot-token-made', { date: formatDate(token.created_at, { dateStyle: 'medium' }) }), ' ',
                h(
                  'button',
                  {
                    type: 'button',
                    'data-revoke': token.label,
                    onclick: async () => {
                      try {
                        await call(session, 'DELETE', `/api/account/tokens/${encodeURIComponent(token.id)}`);
                        say(t('web-bot-token-revoked', { label: token.label }));
                        await refresh();
                      } catch (error) {
                        sayError(error);
                      }
                    },
                  },
                  t('web-bot-revoke'),
                ),
              ),
            ),
          )
        : h('p', { class: 'hint', id: 'api-tokens' }, t('web-bot-no-tokens')),
      h(
        'form',
        {
          id: 'token-form',
          onsubmit: async (/** @type {Event} */ event) => {
            event.preventDefault();
            try {
              const made = /** @type {NewApiToken} */ (await call(session, 'POST', '/api/account/tokens', { label: label.value }));
              await refresh();
              shown = made;
              render(await call(session, 'GET', '/api/account'));
            } catch (error) {
              sayError(error);
            }
          },
        },
        h('label', { for: 'token-label' }, t('web-bot-token-name')),
        label,
        h('button', { type: 'submit', id: 'make-token' }, t('web-bot-make-token')),
      ),
      shown
        ? h('p', { id: 'new-token' }, t('web-bot-token-shown', { label: shown.label }), ' ', h('code', { id: 'new-token-text' }, shown.token))
        : null,
    );
    shown = null;
  }

  async function refresh() {
    try {
      render(await call(session, 'GET', '/api/account'));
    } catch (error) {
      fill(body, h('p', { class: 'hint' }, t('web-bot-unavailable')));
    }
  }

  const element = h('div', { class: 'bot-account' }, h('h3', {}, t('web-bot-account')), body);
  return { element, refresh };
}
