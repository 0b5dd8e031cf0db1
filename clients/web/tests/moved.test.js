/** @file Issue 12: the page follows `moved`. The real server is reached through a small HTTP proxy, as nodes are behind one hostname: `/n/b/` goes to "node b", everything else to the "home" node (both are the one real server). Ann's home socket answers every request about a room with `moved` to node b, as a node that does not own the room would; her page plays on through node b, comes back after node b's socket drops, and follows node b's drain (a `moved` home instead of carrying out her move, then `bye`): her move is played once; sent home by home itself twice (a room changing hands), it waits a little and plays on; node b stopped (its socket silent) is given up, and a `moved` to it is asked again of home until home has the room. */

import assert from 'node:assert/strict';
import net from 'node:net';
import { test } from 'node:test';
import { clickCells, movesShown, person, sit, stage } from './harness.js';

/** @type {net.Server | undefined} */
let proxy;

const my = stage({ start: false });
my.atEnd(() => proxy?.close());

/**
 * An HTTP proxy on a loopback port in front of `upstream()` (`HOST:PORT`):
 * forwards each TCP connection's bytes both ways, and takes `/n/b` off the
 * path of a first request that starts with it (node b's connections,
 * kept to be dropped).
 * @param {() => string} upstream
 */
async function startProxy(upstream) {
  /** @type {Set<net.Socket>} */
  const nodeB = new Set();
  const stats = { nodeB: 0 };
  const listener = net.createServer((client) => {
    let head = Buffer.alloc(0);
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      head = Buffer.concat([head, chunk]);
      if (head.indexOf('\r\n\r\n') < 0) return;
      client.off('data', onData);
      client.pause();
      let text = head.toString('latin1');
      if (/^\S+ \/n\/b\//.test(text)) {
        text = text.replace(/^(\S+) \/n\/b/, '$1 ');
        nodeB.add(client);
        stats.nodeB += 1;
        client.on('close', () => nodeB.delete(client));
      }
      const [host, port] = upstream().split(':');
      const up = net.connect(Number(port), host, () => {
        up.write(Buffer.from(text, 'latin1'));
        client.pipe(up);
        up.pipe(client);
      });
      up.on('error', () => client.destroy());
      up.on('close', () => client.destroy());
      client.on('error', () => up.destroy());
      client.on('close', () => up.destroy());
    };
    client.on('data', onData);
  });
  await new Promise((resolve) => listener.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {net.AddressInfo} */ (listener.address());
  return {
    listener,
    url: `http://127.0.0.1:${address.port}/`,
    stats,
    /** Closes node b's sockets, as when the node dies. */
    dropNodeB() {
      for (const socket of nodeB) socket.destroy();
    },
  };
}

/**
 * Plays the first cell the page offers (a Magneton drop).
 * @param {import('playwright-core').Page} page
 */
async function playAny(page) {
  const target = page.locator('#board .cell.target').first();
  await target.waitFor();
  const cell = /** @type {string} */ (await target.getAttribute('data-cell'));
  await clickCells(page, [cell]);
  return cell;
}

test('a page follows moved to the node that has the room, comes back after that node drops, follows its drain, and waits when sent to the same node again', async () => {
  // The proxy comes first: the server is told the page's origin is its
  // own (`--allowed-origin`), as a host behind one hostname configures it.
  const front = await startProxy(() => my.server.addr);
  await my.start({ args: ['--allowed-origin', new URL(front.url).origin] });
  const { browser } = my;
  proxy = front.listener;
  const home = `ws://${new URL(front.url).host}/ws`;
  const nodeB = `ws://${new URL(front.url).host}/n/b/ws`;
  /** Who owns the rooms: node b, then (once it drains) home. */
  let owner = 'b';
  let draining = false;
  /** How many requests about a room home answers with `moved` to itself (the room changing hands). */
  let flapping = 0;
  /** Whether node b is stopped (SIGSTOP): its sockets stay open and say nothing. */
  let stalledB = false;
  const moved = { home: 0, nodeB: 0 };
  const hellos = { nodeB: 0 };
  const ann = await person(browser, front, 'Ann', {
    async prepare(context) {
      await context.routeWebSocket(home, (ws) => {
        const upstream = ws.connectToServer();
        ws.onMessage((text) => {
          const message = JSON.parse(String(text));
          if (owner === 'b' && typeof message.room === 'string') {
            moved.home += 1;
            ws.send(JSON.stringify({ type: 'moved', room: message.room, url: nodeB }));
          } else if (flapping > 0 && typeof message.room === 'string') {
            flapping -= 1;
            moved.home += 1;
            ws.send(JSON.stringify({ type: 'moved', room: message.room, url: home }));
          } else {
            upstream.send(text);
          }
        });
      });
      await context.routeWebSocket(nodeB, (ws) => {
        const upstream = ws.connectToServer();
        upstream.onMessage((text) => {
          if (!stalledB) ws.send(text);
        });
        ws.onMessage((text) => {
          const message = JSON.parse(String(text));
          if (message.type === 'hello') hellos.nodeB += 1;
          if (stalledB) return;
          if (draining && typeof message.room === 'string') {
            // Node b hands the room over instead of carrying this out.
            moved.nodeB += 1;
            ws.send(JSON.stringify({ type: 'moved', room: message.room, url: home }));
            ws.send(JSON.stringify({ type: 'bye', reason: 'the server is shutting down' }));
            ws.close();
          } else {
            upstream.send(text);
          }
        });
      });
    },
  });
  await ann.locator('#game').selectOption('magneton');
  await ann.locator('#public').uncheck();
  await ann.locator('#create').click();
  await ann.waitForURL(/#\/room\//);
  await sit(ann, 'white', 'Ann');
  const link = /** @type {string} */ (await ann.locator('#invite-url').textContent());
  const bo = await person(browser, front, 'Bo');
  await bo.goto(link);
  await sit(bo, 'black', 'Bo');
  await ann.locator('#start').click();
  await playAny(ann);
  await movesShown(bo, 1);
  await playAny(bo);
  await movesShown(ann, 2);
  // One move: everything about the room then went to node b, with the
  // same token (the seat is Ann's there).
  assert.equal(moved.home, 1);
  assert.equal(hellos.nodeB, 1);
  assert.ok(front.stats.nodeB >= 1);

  // Node b's socket drops: the room goes back home, which sends it on to
  // node b again; Ann plays on.
  front.dropNodeB();
  await ann.waitForFunction(() => document.body.dataset.connection === 'open');
  await ann.locator('#turn.your-turn').waitFor();
  await waitFor(() => moved.home === 2 && hellos.nodeB === 2, 'the page went back to node b');
  await playAny(ann);
  await movesShown(bo, 3);
  await playAny(bo);
  await movesShown(ann, 4);

  // Node b drains while Ann's move is on its way: it answers `moved`
  // (home now owns the room) instead of playing it; the page sends the
  // move home, where it is played once.
  owner = 'home';
  draining = true;
  const played = await playAny(ann);
  await movesShown(bo, 5);
  await movesShown(ann, 5);
  assert.equal(moved.nodeB, 1);
  assert.equal(await bo.locator('#moves li').count(), 5);
  assert.equal(await bo.locator('#moves li:nth-child(5) .what').textContent(), played);
  await bo.locator('#turn.your-turn').waitFor();
  await playAny(bo);
  await movesShown(ann, 6);
  assert.equal(moved.home, 2);

  // Home sends the room to itself twice (it is changing hands): the page
  // waits a little, longer the second time, sends the move again, and it
  // is played once.
  flapping = 2;
  const flapped = await playAny(ann);
  await movesShown(bo, 7);
  assert.equal(moved.home, 4);
  assert.equal(flapping, 0);
  assert.equal(await bo.locator('#moves li').count(), 7);
  assert.equal(await bo.locator('#moves li:nth-child(7) .what').textContent(), flapped);

  // Node b has the room again, and stops (SIGSTOP): its socket stays
  // open and says nothing. The page gives that socket up for silence;
  // home, until node b's lease lapses, still sends the room there, and
  // the page asks home again a moment later each time rather than open
  // another socket to node b (which would not answer either). Once home
  // has the room, Ann sees Bo's move and plays on.
  owner = 'b';
  draining = false;
  await playAny(bo);
  await movesShown(ann, 8);
  const viaB = hellos.nodeB;
  await playShown(ann, 9);
  await movesShown(bo, 9);
  assert.equal(hellos.nodeB, viaB + 1, 'the page went to node b again');
  stalledB = true;
  const before = moved.home;
  await playAny(bo);
  await waitFor(() => moved.home >= before + 3, 'home asked again while node b is stalled');
  assert.equal(hellos.nodeB, viaB + 1, 'no new socket to the stalled node b');
  owner = 'home';
  await movesShown(ann, 10);
  await playShown(ann, 11);
  await movesShown(bo, 11);
  assert.equal(hellos.nodeB, viaB + 1);
});

/**
 * Plays a move that becomes the `count`th of the list, trying again (as a
 * person would) when the room had moved on past the version the page
 * chose it at: its update came after the click (`moved-on`: nothing was
 * done, and the page shows the room as it is).
 * @param {import('playwright-core').Page} page
 * @param {number} count
 */
async function playShown(page, count) {
  for (let attempt = 1; ; attempt += 1) {
    await playAny(page);
    try {
      await page.locator(`#moves li:nth-child(${count})`).waitFor({ timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/**
 * Waits until `condition` holds (a guard against hangs, not a timer).
 * @param {() => boolean} condition
 * @param {string} what
 */
async function waitFor(condition, what) {
  const end = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
