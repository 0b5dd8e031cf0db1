/** @file Test helpers: build and start the real server on a loopback port with a fresh SQLite file, launch Debian's Chromium through playwright-core, and drive the client's pages (name, rooms, seats, moves). */

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
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
 * @param {{dir?: string, bind?: string}} [options]
 * @returns {Promise<Server>}
 */
export async function startServer({ dir, bind = '127.0.0.1:0' } = {}) {
  const home = dir ?? mkdtempSync(path.join(tmpdir(), 'lodestone-web-'));
  const child = spawn(
    serverBinary(),
    ['--bind', bind, '--database', `sqlite://${path.join(home, 'x.db')}`, '--rate-limit', '0'],
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

/** Removes a server's temporary directory. @param {string} dir */
export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Debian's Chromium, headless, with background networking off. Playwright
 * gives each launch a new, empty user-data directory.
 */
export async function launchBrowser() {
  return chromium.launch({
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
  });
}

/**
 * A page of a new browser context (its own localStorage: a separate
 * person) at the server's lobby, with the display name `name`.
 * @param {import('playwright-core').Browser} browser
 * @param {Server} server
 * @param {string} name
 * @param {{phone?: boolean}} [options]
 */
export async function person(browser, server, name, { phone = false } = {}) {
  const context = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1200, height: 900 } },
  );
  context.setDefaultTimeout(PATIENCE_MS);
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
    await page.locator(`[data-cell="${cell}"]:is(.target, .source)`).click();
  }
}

/**
 * Saves a screenshot of the board (and the page) under test-artifacts/.
 * @param {import('playwright-core').Page} page
 * @param {string} name
 */
export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-page.png`), fullPage: true });
  await page.locator('#board').screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}
