/** @file Test helpers: build and start the real server on a loopback port with a fresh SQLite file, launch Debian's Chromium through playwright-core, and drive the client's pages (name, rooms, seats, moves). */

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const ARTIFACTS = path.join(ROOT, 'test-artifacts');

/** How long a test waits for anything to appear: a guard against hangs. */
export const PATIENCE_MS = 20_000;

/** The server binary: `$LODESTONE_SERVER`, or a fresh `cargo build`. */
export function serverBinary() {
  if (process.env.LODESTONE_SERVER) return process.env.LODESTONE_SERVER;
  const build = spawnSync('cargo', ['build', '--quiet', '--bin', 'lodestone-server'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('cargo build --bin lodestone-server failed');
  const target = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target');
  return path.join(target, 'debug', 'lodestone-server');
}

/**
 * A running server process.
 * @typedef {{url: string, addr: string, dir: string, process: import('node:child_process').ChildProcess, kill: () => Promise<void>}} Server
 */

/**
 * Starts the server on `bind` (a free loopback port by default) with the
 * database in `dir` (a new temporary directory by default), and waits for
 * its `listening on http://ADDR` line.
 * `args`: more flags for the server.
 * @param {{dir?: string, bind?: string, args?: string[]}} [options]
 * @returns {Promise<Server>}
 */
export async function startServer({ dir, bind = '127.0.0.1:0', args = [] } = {}) {
  const home = dir ?? mkdtempSync(path.join(tmpdir(), 'lodestone-web-'));
  const child = spawn(
    serverBinary(),
    [
      '--bind', bind, '--database', `sqlite://${path.join(home, 'x.db')}`,
      // Every person of these tests comes from 127.0.0.1: lift the
      // per-address limits and quotas (tests/api/limits.rs tests them).
      '--rate-limit', '0', '--per-address', '0', '--connect-rate', '0', '--request-rate', '0',
      '--rooms-per-guest', '0', '--rooms-per-address', '0', '--guests-per-hour', '0', '--watch-limit', '0',
      ...args,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, RUST_LOG: 'warn' } },
  );
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  const addr = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before listening`)));
    lines.once('line', (line) => {
      const match = /^listening on http:\/\/(\S+)$/.exec(line.trim());
      if (match) resolve(match[1]);
      else reject(new Error(`unexpected first line from the server: ${line}`));
    });
  });
  return {
    url: `http://${addr}/`,
    addr,
    dir: home,
    process: child,
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/**
 * A proxy on another loopback port in front of the server at `target`
 * (WebSockets too), which serves `sw.js` as a newer server would (another
 * digest of the files) once `swap.on` is set: the browser's check for a
 * new worker is made outside the page, where Playwright cannot route it.
 * `close` stops it (and its connections).
 * @param {string} target
 * @returns {Promise<{url: string, swap: {on: boolean}, close: () => void}>}
 */
export async function proxyTo(target) {
  const to = new URL(target);
  const swap = { on: false };
  /** @param {http.IncomingHttpHeaders} headers */
  const rehost = (headers) => ({ ...headers, host: to.host, ...(headers.origin ? { origin: to.origin } : {}) });
  const front = http.createServer((req, res) => {
    const swapped = swap.on && (req.url ?? '').startsWith('/sw.js');
    const headers = rehost(req.headers);
    if (swapped) delete headers['if-none-match'];
    const upstream = http.request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers }, (up) => {
      if (!swapped) {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        return;
      }
      let text = '';
      up.setEncoding('utf8');
      up.on('data', (chunk) => (text += chunk));
      up.on('end', () => {
        const { 'content-length': _length, etag: _etag, ...rest } = up.headers;
        res.writeHead(up.statusCode ?? 502, rest);
        res.end(text.replace(/const VERSION = '[0-9a-f]+'/, "const VERSION = 'next'"));
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  front.on('upgrade', (req, socket, head) => {
    const upstream = net.connect(Number(to.port), to.hostname, () => {
      const lines = Object.entries(rehost(req.headers)).map(([k, v]) => `${k}: ${v}`);
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise((resolve) => front.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {net.AddressInfo} */ (front.address());
  const close = () => {
    front.closeAllConnections();
    front.close();
  };
  return { url: `http://127.0.0.1:${address.port}/`, swap, close };
}

/**
 * The first truthy value of `fn` run in `page` (an async one too, which
 * waitForFunction does not await), tried again until PATIENCE_MS passes.
 * @template T
 * @param {import('playwright-core').Page} page
 * @param {() => T | Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function untilInPage(page, fn) {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const value = /** @type {T} */ (await page.evaluate(fn));
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`never true in the page: ${fn}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Removes a server's temporary directory. @param {string} dir */
export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Debian's Chromium, headless, with background networking off. Playwright
 * gives each launch a new, empty user-data directory.
 */
export async function launchBrowser() {
  return chromium.launch(CHROMIUM_OPTIONS);
}

/** How every test launches Chromium (see launchBrowser). */
export const CHROMIUM_OPTIONS = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * A page of a new browser context (its own localStorage: a separate
 * person) at the server's lobby, with the display name `name`; `prepare`
 * runs on the context before the page opens (to route its WebSockets).
 * @param {import('playwright-core').Browser} browser
 * @param {{url: string}} server
 * @param {string} name
 * @param {{phone?: boolean, prepare?: (context: import('playwright-core').BrowserContext) => Promise<void>}} [options]
 */
export async function person(browser, server, name, { phone = false, prepare } = {}) {
  // The server's Content-Security-Policy stays in force: the pages are
  // tested as visitors get them (axe is evaluated, not injected).
  const context = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1200, height: 900 } },
  );
  context.setDefaultTimeout(PATIENCE_MS);
  await context.addInitScript(keepSaid);
  await prepare?.(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw new Error(`${name}'s page threw: ${error.message}`);
  });
  await page.goto(server.url);
  await page.locator('#name').fill(name);
  await page.locator('#name').press('Enter');
  await page.locator('#whoami', { hasText: name }).waitFor();
  return page;
}

/**
 * Runs in every page before its own scripts: keeps each message the page
 * shows (`#messages`, which takes them away after a few seconds) with its
 * kind and time in `window.lodestoneSaid`, for `said`.
 */
function keepSaid() {
  /** @type {{kind: string, text: string, at: number}[]} */
  const kept = [];
  Object.defineProperty(window, 'lodestoneSaid', { value: kept });
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node instanceof HTMLElement && node.parentElement?.id === 'messages') {
          kept.push({ kind: node.className, text: node.textContent ?? '', at: Date.now() });
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Every message the page has shown so far, oldest first (see `keepSaid`).
 * @param {import('playwright-core').Page} page
 * @returns {Promise<{kind: string, text: string, at: number}[]>}
 */
export function said(page) {
  return page.evaluate(() => /** @type {any} */ (window).lodestoneSaid ?? []);
}

/**
 * Creates a room from the lobby form; returns its id (the page is then in
 * the room).
 * @param {import('playwright-core').Page} page
 * @param {string} game
 * @param {Record<string, string>} [options]
 * @param {{private?: boolean}} [flags]
 */
export async function createRoom(page, game, options = {}, flags = {}) {
  await page.locator('#game').selectOption(game);
  for (const [key, value] of Object.entries(options)) {
    await page.locator(`[data-option="${key}"]`).selectOption(value);
  }
  if (flags.private) await page.locator('#public').uncheck();
  await page.locator('#create').click();
  await page.waitForURL(/#\/room\//);
  return /** @type {string} */ (/#\/room\/([^?]+)/.exec(page.url())?.[1]);
}

/**
 * Takes the seat named `seat` in the room shown.
 * @param {import('playwright-core').Page} page
 * @param {string} seat
 * @param {string} name the player's name, seen in the seat once taken
 */
export async function sit(page, seat, name) {
  await page.locator(`[data-sit="${seat}"]`).click();
  await page.locator('.seat.you', { hasText: name }).waitFor();
}

/**
 * Waits until the page's move list holds `count` moves.
 * @param {import('playwright-core').Page} page
 * @param {number} count
 */
export async function movesShown(page, count) {
  await page.locator(`#moves li:nth-child(${count})`).waitFor();
}

/**
 * Clicks the cells of an action one after the other, each once it is
 * offered (a ring or a dot on it).
 * @param {import('playwright-core').Page} page
 * @param {string[]} cells
 */
export async function clickCells(page, cells) {
  for (const cell of cells) {
    const target = page.locator(`#board [data-cell="${cell}"]:is(.target, .source)`);
    await target.waitFor();
    await tap(page, target);
  }
  await confirmIfAsked(page);
}

/**
 * Clicks a cell of the board; on a phone where a small board first zooms
 * in at the tap, clicks it again to pick it.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} cell
 */
export async function tap(page, cell) {
  const zooms = () => page.evaluate(() => document.querySelector('#board svg')?.getAttribute('data-zooms') ?? '0');
  // A zoomed board shows only part of itself: back to the whole first if
  // the cell is outside.
  const outside = await cell.evaluate((el) => {
    const svg = el.closest('svg');
    if (!svg?.classList.contains('zoomed')) return false;
    const a = el.getBoundingClientRect();
    const b = svg.getBoundingClientRect();
    return a.left < b.left || a.right > b.right || a.top < b.top || a.bottom > b.bottom;
  });
  if (outside) await page.locator('#board .lens-out').click();
  const before = await zooms();
  await cell.click();
  if ((await zooms()) !== before) await cell.click();
}

/**
 * Says yes to the move confirmation if the page asks for one (phones
 * confirm every move by default).
 * @param {import('playwright-core').Page} page
 */
export async function confirmIfAsked(page) {
  if ((await page.locator('#confirm:not([hidden])').count()) > 0) await page.locator('#confirm-yes').click();
}

/**
 * Clicks `button`, which asks first, and answers with the confirmation's
 * yes, which says `answer`.
 * @param {import('playwright-core').Page} page
 * @param {string} button
 * @param {string} answer
 */
export async function confirmed(page, button, answer) {
  await page.locator(button).click();
  await page.locator('#confirm-yes', { hasText: answer }).click();
}

/**
 * Saves a screenshot of the page (`NAME-page.png`) and of its board
 * (`NAME.png`) under test-artifacts/; with `page: true`, of the page only.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @param {{page?: boolean}} [options]
 */
export async function screenshot(page, name, options = {}) {
  mkdirSync(ARTIFACTS, { recursive: true });
  // A move's animation is over first (its marks stay).
  await page.locator('#board svg.fx-animating').waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-page.png`), fullPage: true, animations: 'disabled' });
  if (!options.page) await page.locator('#board').screenshot({ path: path.join(ARTIFACTS, `${name}.png`), animations: 'disabled' });
}

/** axe-core's script, injected into pages by the accessibility checks. */
const AXE = path.join(ROOT, 'clients/web/node_modules/axe-core/axe.min.js');

/**
 * Runs axe-core on the page and fails on any serious or critical
 * violation, naming each with the elements it found.
 * @param {import('playwright-core').Page} page
 * @param {string} where what the page shows, for the failure message
 */
export async function assertAccessible(page, where) {
  // Evaluated through the debugging protocol, not added as a <script>: the
  // server's Content-Security-Policy (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    // @ts-ignore axe is the injected global
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((/** @type {any} */ v) => v.impact === 'serious' || v.impact === 'critical')
      .map((/** @type {any} */ v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((/** @type {any} */ n) => n.target.join(' ')).join(' | ')}`);
  });
  if (violations.length) throw new Error(`axe-core on ${where}:\n${violations.join('\n')}`);
}

/**
 * Fails if the page is wider than its viewport (a horizontal scroll).
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
export async function assertNoHorizontalScroll(page, where) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  if (scroll > width) throw new Error(`${where}: the page is ${scroll} px wide in a ${width} px window`);
}

export const PASSWORD = 'correct horse battery';

/**
 * Registers the page's guest as an account from the lobby's form, then
 * loads the page again (a new welcome: the console link follows the role).
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
export async function register(page, name) {
  await page.locator('#account-name').fill(name);
  await page.locator('#account-password').fill(PASSWORD);
  await page.locator('#account-register').click();
  await page.locator('#account-status', { hasText: name }).waitFor();
  await page.reload();
  await page.locator('#whoami', { hasText: name }).waitFor();
}

/**
 * Says `messages` one after another on a new WebSocket of the page's guest
 * (after a `hello` with its token); returns the replies. `$room` in a
 * message is replaced by the `room` of the first reply that has one.
 * @param {import('playwright-core').Page} page
 * @param {object[]} messages
 * @returns {Promise<any[]>}
 */
export function talk(page, messages) {
  return page.evaluate(
    (messages) =>
      new Promise((resolve, reject) => {
        const token = localStorage.getItem('lodestone.token');
        const all = [{ type: 'hello', protocol: 1, token }, ...messages];
        const ws = new WebSocket(`ws://${location.host}/ws`);
        /** @type {any[]} */
        const replies = [];
        let room = '';
        const send = () => {
          const text = JSON.stringify({ ...all[replies.length], id: replies.length + 1 }).replaceAll('$room', room);
          ws.send(text);
        };
        ws.onopen = send;
        ws.onmessage = (event) => {
          const m = JSON.parse(event.data);
          if (m.id !== replies.length + 1) return;
          replies.push(m);
          if (!room && typeof m.room === 'string') room = m.room;
          if (replies.length === all.length) {
            ws.close();
            resolve(replies.slice(1));
          } else send();
        };
        ws.onerror = () => reject(new Error('the WebSocket failed'));
      }),
    messages,
  );
}

/**
 * The smallest side, in CSS pixels, of the cells the viewer may pick now
 * (after zooming in with a first tap if the board does that).
 * @param {import('playwright-core').Page} page
 */
export async function smallestTarget(page) {
  const cells = page.locator('#board .cell:is(.target, .source)');
  await cells.first().waitFor();
  const sizes = async () =>
    cells.evaluateAll((els) => els.map((el) => {
      const box = el.querySelector('.bg')?.getBoundingClientRect();
      return box ? Math.min(box.width, box.height) : 0;
    }));
  let smallest = Math.min(...(await sizes()));
  if (smallest < 44) {
    // A board that zooms in at the first tap: tap its middle.
    const svg = page.locator('#board svg.board');
    const box = await svg.boundingBox();
    if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('#board svg.zoomed').waitFor();
    smallest = Math.min(...(await sizes()));
    await page.locator('.lens-out').click();
  }
  return smallest;
}

/**
 * A real server and a browser for the tests of one file.
 * @typedef {object} Stage
 * @property {Server} server the running server (a test that starts it again puts the new one here)
 * @property {import('playwright-core').Browser} browser
 * @property {(options?: {dir?: string, bind?: string, args?: string[]}) => Promise<Server>} start
 *   starts the server with these options and a browser (with `{start: false}`)
 * @property {(step: () => unknown) => void} atEnd
 *   something more to stop or remove after the file's tests (run first, in order)
 */

/**
 * The server and browser of one test file: started before its tests (or by
 * the test itself through `start` when `start` is false: its own flags, or
 * a server killed and started again), stopped after them with whatever
 * `atEnd` added, and the database removed.
 * @param {{start?: boolean}} [options]
 * @returns {Stage}
 */
export function stage({ start = true } = {}) {
  /** @type {(() => unknown)[]} */
  const steps = [];
  const now = /** @type {Stage} */ ({
    async start(options) {
      now.server = await startServer(options);
      now.browser = await launchBrowser();
      return now.server;
    },
    atEnd(step) {
      steps.push(step);
    },
  });
  if (start) before(() => now.start());
  after(async () => {
    for (const step of steps) await step();
    await now.browser?.close();
    await now.server?.kill();
    if (now.server) removeDir(now.server.dir);
  });
  return now;
}

/**
 * Two people at a new room of `game`, the game started: the first creates
 * it from the lobby with `options` and sits in `seats[0]`, the second opens
 * it and sits in `seats[1]`, then the first (`startedBy` 0) or the second
 * (1) presses Start. With `frames`, every WebSocket frame each page
 * receives is kept (each page reloads first so that none is missed).
 * @param {Stage} my
 * @param {string} game
 * @param {[string, string]} seats the seats' names
 * @param {{names?: [string, string], options?: Record<string, string>, startedBy?: 0 | 1, frames?: boolean}} [how]
 */
export async function twoPlayers(my, game, seats, { names = ['Ann', 'Bo'], options = {}, startedBy = 1, frames = false } = {}) {
  /** @type {{ann: string[], bo: string[]}} */
  const received = { ann: [], bo: [] };
  /** @param {string} name @param {string[]} list */
  const arrive = async (name, list) => {
    const page = await person(my.browser, my.server, name);
    if (frames) {
      page.on('websocket', (ws) => ws.on('framereceived', (frame) => list.push(String(frame.payload))));
      await page.reload();
      await page.locator('#whoami', { hasText: name }).waitFor();
    }
    return page;
  };
  const ann = await arrive(names[0], received.ann);
  const room = await createRoom(ann, game, options);
  await sit(ann, seats[0], names[0]);
  const bo = await arrive(names[1], received.bo);
  await bo.goto(ann.url());
  await sit(bo, seats[1], names[1]);
  await [ann, bo][startedBy].locator('#start').click();
  return { ann, bo, room, received };
}

/**
 * `name` opens a Magneton room with `options`, sits at white and adds a
 * bot (of the level the menu offers first) at black; returns the page once
 * the bot is seated.
 * @param {Stage} my
 * @param {string} name
 * @param {Record<string, string>} [options]
 */
export async function whiteAgainstABot(my, name, options = {}) {
  const page = await person(my.browser, my.server, name);
  await createRoom(page, 'magneton', options);
  await sit(page, 'white', name);
  await page.locator('[data-bot="black"]').click();
  await page.locator('.seat[data-seat="1"] .player', { hasText: 'Bot' }).waitFor();
  return page;
}

/**
 * A player at a 1366×800 desktop opens a room of `game` and sits, a player
 * on a phone comes by its link and sits, and the desktop starts the game.
 * @param {Stage} my
 * @param {string} game
 * @param {Record<string, string>} options
 * @param {[string, string]} desk the desktop player's seat and name
 * @param {[string, string]} phone the phone player's seat and name
 */
export async function deskAndPhone(my, game, options, [deskSeat, deskName], [phoneSeat, phoneName]) {
  const desk = await person(my.browser, my.server, deskName);
  await desk.setViewportSize({ width: 1366, height: 800 });
  await createRoom(desk, game, options);
  await sit(desk, deskSeat, deskName);
  const phone = await person(my.browser, my.server, phoneName, { phone: true });
  await phone.goto(desk.url());
  await sit(phone, phoneSeat, phoneName);
  await desk.locator('#start').click();
  return { desk, phone };
}

/**
 * Ann opens a private Magneton room and sits as white, Bo comes by its
 * invite link and sits as black, the game starts and each plays one move
 * (D4, E5), shown on both pages.
 * @param {import('playwright-core').Browser} browser
 * @param {Server} server
 */
export async function privateGameUnderWay(browser, server) {
  const ann = await person(browser, server, 'Ann');
  const room = await createRoom(ann, 'magneton', {}, { private: true });
  await sit(ann, 'white', 'Ann');
  const link = /** @type {string} */ (await ann.locator('#invite-url').textContent());
  assert.match(link, new RegExp(`#/room/${room}\\?invite=[0-9a-f]+$`));
  const bo = await person(browser, server, 'Bo');
  await bo.goto(link);
  await sit(bo, 'black', 'Bo');
  await ann.locator('#start').click();
  await clickCells(ann, ['D4']);
  await clickCells(bo, ['E5']);
  await movesShown(ann, 2);
  await movesShown(bo, 2);
  return { ann, bo, room };
}
