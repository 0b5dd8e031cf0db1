/** @file The server cannot store a move for a while (another process holds the SQLite database's write lock past the server's busy timeout, as when PostgreSQL is away): the move is refused with `storage-failure`, the page sends it again after a growing wait, and once the database is free the move is played and the game goes on. */

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { after, test } from 'node:test';
import { clickCells, createRoom, launchBrowser, movesShown, person, removeDir, sit, startServer } from './harness.js';

/** @type {import('./harness.js').Server | undefined} */
let server;
/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('node:child_process').ChildProcess | undefined} */
let lock;

after(async () => {
  lock?.kill();
  await browser?.close();
  await server?.kill();
  if (server) removeDir(server.dir);
});

test('a move refused with storage-failure is sent again until it is stored', { timeout: 120_000 }, async () => {
  server = await startServer();
  browser = await launchBrowser();
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

  // What Ann's page says when its move goes again.
  /** @type {string[]} */
  const again = [];
  ann.on('console', (message) => {
    if (message.text().includes('storage-failure')) again.push(message.text());
  });
  // Another process takes the database's write lock and keeps it.
  lock = spawn('sqlite3', [path.join(server.dir, 'x.db')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const held = new Promise((resolve) => lock?.stdout?.on('data', (data) => String(data).includes('held') && resolve(true)));
  lock.stdin?.write("BEGIN IMMEDIATE;\nSELECT 'held';\n");
  await held;

  await clickCells(ann, ['C3']);
  // The server waits out its busy timeout, refuses, and the page sends the
  // move again (and again, while the lock is held).
  await ann.waitForEvent('console', { predicate: (m) => m.text().includes('storage-failure'), timeout: 60_000 });
  assert.match(again[0], /sending act again in 250 ms/);
  const released = new Promise((resolve) => lock?.on('exit', resolve));
  lock.stdin?.end('COMMIT;\n');
  await released;
  lock = undefined;

  await movesShown(ann, 3);
  await movesShown(bo, 3);
  assert.equal(await ann.locator('#moves li:nth-child(3)').textContent().then((t) => t?.includes('C3')), true);
  // The game goes on from there.
  await clickCells(bo, ['F6']);
  await movesShown(ann, 4);
});
