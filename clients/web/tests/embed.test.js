/** @file The embeddable replay: a finished game's `/embed/room/<id>/ply/<n>` renders inside a frame of a page on another origin, with its controls working, while the client's other pages refuse to be framed there; the embed passes axe-core. */

import assert from 'node:assert/strict';
import http from 'node:http';
import { test } from 'node:test';
import { PATIENCE_MS, assertAccessible, screenshot, stage } from './harness.js';

/** @type {http.Server | undefined} */
let other;

const my = stage();
my.atEnd(() => other?.close());

/**
 * Plays a short Magneton game over the protocol from `page` (on the
 * server's origin): Ann and Bo drop a stone each, then Ann resigns.
 * Returns the room's id.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string>}
 */
function shortGame(page) {
  return page.evaluate(async () => {
    /** @param {string} name */
    const connect = async (name) => {
      const ws = new WebSocket(`ws://${location.host}/ws`);
      await new Promise((resolve) => (ws.onopen = resolve));
      let next = 1;
      /** @type {Map<number, (m: any) => void>} */
      const waiting = new Map();
      ws.onmessage = (event) => {
        const message = JSON.parse(event.data);
        waiting.get(message.id)?.(message);
      };
      /** @param {object} message @returns {Promise<any>} */
      const request = (message) =>
        new Promise((resolve, reject) => {
          const id = next++;
          waiting.set(id, (reply) => (reply.type === 'error' ? reject(new Error(reply.message)) : resolve(reply)));
          ws.send(JSON.stringify({ ...message, id }));
        });
      await request({ type: 'hello', protocol: 1, name });
      return request;
    };
    const ann = await connect('Ann');
    const bo = await connect('Bo');
    const { room } = await ann({ type: 'create_room', game: 'magneton', options: {} });
    await ann({ type: 'join', room, seat: 0 });
    await bo({ type: 'join', room, seat: 1 });
    await ann({ type: 'start', room });
    await ann({ type: 'act', room, action: 'D4' });
    await bo({ type: 'act', room, action: 'E5' });
    await ann({ type: 'resign', room });
    return room;
  });
}

test('the embed renders in a frame of another origin; the other pages refuse to be framed', async () => {
  const { server, browser } = my;
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  context.setDefaultTimeout(PATIENCE_MS);
  const page = await context.newPage();
  await page.goto(server.url);
  const room = await shortGame(page);

  // Another site: a page on another port of this machine framing the
  // embed, and the client's lobby.
  const origin = new URL(server.url).origin;
  const embedUrl = `${origin}/embed/room/${room}/ply/1`;
  other = http.createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>A forum</title><h1>Our game</h1>` +
        `<iframe id="embed" title="replay" src="${embedUrl}" width="700" height="800"></iframe>` +
        `<iframe id="lobby" title="lobby" src="${origin}/" width="300" height="300"></iframe>`,
    );
  });
  await new Promise((resolve) => other?.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (other.address());
  const forum = `http://127.0.0.1:${address.port}/`;
  assert.notEqual(new URL(forum).origin, new URL(server.url).origin);
  const errors = /** @type {string[]} */ ([]);
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(forum);

  const embed = page.frameLocator('#embed');
  await embed.locator('#embed-title', { hasText: 'Ann v Bo' }).waitFor();
  await embed.locator('#embed-at', { hasText: 'Move 1 of 2' }).waitFor();
  await embed.locator('svg').first().waitFor();
  await embed.locator('#embed-forward').click();
  await embed.locator('#embed-at', { hasText: 'Move 2 of 2' }).waitFor();
  await embed.locator('#embed-title', { hasText: 'Bo (black) wins.' }).waitFor();
  await embed.locator('#embed-first').click();
  await embed.locator('#embed-at', { hasText: 'Move 0 of 2' }).waitFor();
  await screenshot(page, 'embed-in-a-frame', { page: true });

  // The lobby's frame was refused: Chromium shows its error page instead.
  const lobby = await (await page.locator('#lobby').elementHandle())?.contentFrame();
  assert.ok(lobby, 'the lobby frame exists');
  assert.ok(lobby.url().startsWith('chrome-error:'), `the lobby loaded in a frame: ${lobby.url()}`);
  assert.deepEqual(errors, []);

  // The embed on its own passes axe-core.
  const alone = await context.newPage();
  await alone.goto(embedUrl);
  await alone.locator('#embed-at', { hasText: 'Move 1 of 2' }).waitFor();
  await assertAccessible(alone, 'the embedded replay');
});
