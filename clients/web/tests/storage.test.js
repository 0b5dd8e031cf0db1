/** @file The server cannot store a move for a while (another process holds the SQLite database's write lock past the server's busy timeout, as when PostgreSQL is away): the move is refused with `storage-failure`, the page sends it again after a growing wait, and once the database is free the move is played and the game goes on. */

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { clickCells, movesShown, privateGameUnderWay, stage } from './harness.js';

/** @type {import('node:child_process').ChildProcess | undefined} */
let lock;

const my = stage();
my.atEnd(() => lock?.kill());

test('a move refused with storage-failure is sent again until it is stored', { timeout: 120_000 }, async () => {
  const { ann, bo } = await privateGameUnderWay(my.browser, my.server);

  // What Ann's page says when its move goes again.
  /** @type {string[]} */
  const again = [];
  ann.on('console', (message) => {
    if (message.text().includes('storage-failure')) again.push(message.text());
  });
  // Another process takes the database's write lock and keeps it.
  lock = spawn('sqlite3', [path.join(my.server.dir, 'x.db')], { stdio: ['pipe', 'pipe', 'inherit'] });
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
