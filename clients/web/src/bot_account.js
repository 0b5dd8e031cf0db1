/** @file A bot account's settings, in the lobby's account part: make the account a bot account (for good), then make API tokens (each shown once, for a program to say `hello` with) and revoke them, through `/api/account/...` with this device's token (docs/api.md). */

import { fill, h, say, sayError } from './dom.js';

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
  const headers = { Authorization: `Bearer ${session.token() ?? ''}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (response.status === 204) return null;
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.message ?? `the server answered ${response.status}`);
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
              say('This account is a bot account now.');
            } catch (error) {
              sayError(error);
            }
          },
        },
        'Yes, make it a bot account for good',
      );
      fill(
        body,
        h('p', { class: 'hint' }, 'A program can play as this account (docs/bots.md) once it is a bot account: it is shown as a bot everywhere, and plays people in rated games only where a room allows it. This cannot be undone, and an account that has played rated games cannot become one.'),
        h('button', { type: 'button', id: 'make-bot', onclick: () => { sure.hidden = false; } }, 'Make this account a bot account…'),
        sure,
      );
      return;
    }
    const label = /** @type {HTMLInputElement} */ (h('input', { id: 'token-label', maxlength: 64, required: true, autocomplete: 'off' }));
    fill(
      body,
      h('p', {}, 'This is a bot account: its program says hello with an API token instead of the password.'),
      info.tokens.length
        ? h(
            'ul',
            { id: 'api-tokens' },
            ...info.tokens.map((t) =>
              h(
                'li',
                { 'data-token': t.id },
                h('strong', {}, t.label),
                ` made ${new Date(t.created_at).toLocaleDateString()} `,
                h(
                  'button',
                  {
                    type: 'button',
                    'data-revoke': t.label,
                    onclick: async () => {
                      try {
                        await call(session, 'DELETE', `/api/account/tokens/${encodeURIComponent(t.id)}`);
                        say(`The token ${t.label} is revoked.`);
                        await refresh();
                      } catch (error) {
                        sayError(error);
                      }
                    },
                  },
                  'Revoke',
                ),
              ),
            ),
          )
        : h('p', { class: 'hint', id: 'api-tokens' }, 'No API tokens yet.'),
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
        h('label', { for: 'token-label' }, 'Name of a new token'),
        label,
        h('button', { type: 'submit', id: 'make-token' }, 'Make a token'),
      ),
      shown
        ? h('p', { id: 'new-token' }, `The token ${shown.label}, shown only now: `, h('code', { id: 'new-token-text' }, shown.token))
        : null,
    );
    shown = null;
  }

  async function refresh() {
    try {
      render(await call(session, 'GET', '/api/account'));
    } catch (error) {
      fill(body, h('p', { class: 'hint' }, 'The bot settings are not available right now.'));
    }
  }

  const element = h('div', { class: 'bot-account' }, h('h3', {}, 'Bot account'), body);
  return { element, refresh };
}
