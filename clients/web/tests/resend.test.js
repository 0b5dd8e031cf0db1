/** @file A move whose reply is lost with the connection: the server is stopped (SIGSTOP) with the move received and not answered, then the page's socket drops; or the stopped server is killed (SIGKILL) before reading it and started again. Either way the page reconnects, watches the room again and sends the move again with its `at`: the move is on the board exactly once, and no error is shown. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clickCells, createRoom, movesShown, person, sit, stage, startServer } from './harness.js';


const my = stage();

/** @param {string} signal */
function signal(signal) {
  process.kill(/** @type {number} */ (my.server.process.pid), signal);
}

test('a move whose reply was lost is sent again after the reconnect and played once', async () => {
  const { browser } = my;
  /** @type {{action: string, at: number}[]} every `act` Ann's page sent */
  const acts = [];
  /**
   * What to do with Ann's next `act` instead of passing it on (the route
   * then passes it itself, to the server as it is then).
   * @type {((send: () => void, dropPage: () => void) => Promise<void>) | null}
   */
  let hold = null;
  const ann = await person(browser, my.server, 'Ann', {
    async prepare(context) {
      await context.routeWebSocket(/\/ws$/, (ws) => {
        const upstream = ws.connectToServer();
        ws.onMessage(async (text) => {
          const message = JSON.parse(String(text));
          if (message.type === 'act') acts.push({ action: message.action, at: message.at });
          const held = message.type === 'act' ? hold : null;
          if (!held) return upstream.send(text);
          hold = null;
          await held(
            () => upstream.send(text),
            () => ws.close(),
          );
        });
      });
    },
  });
  const room = await createRoom(ann, 'magneton');
  await sit(ann, 'white', 'Ann');
  const bo = await person(browser, my.server, 'Bo');
  await bo.goto(`${my.server.url}#/room/${room}`);
  await sit(bo, 'black', 'Bo');
  await ann.locator('#start').click();
  await ann.locator('#turn.your-turn').waitFor();
  const noErrors = async () => assert.equal(await ann.locator('#messages .message.error').count(), 0, 'no error is shown');

  // 1. The server receives the move while stopped; Ann's socket drops
  // before any reply. Resumed, the server plays the copy it read; the
  // page's copy sent again after the reconnect is refused (`moved-on`)
  // and the fresh state already shows the move.
  hold = async (send, dropPage) => {
    signal('SIGSTOP');
    send();
    dropPage();
  };
  await clickCells(ann, ['D4']);
  await ann.locator('#notice', { hasText: 'reconnecting' }).waitFor();
  signal('SIGCONT');
  await movesShown(ann, 1);
  await movesShown(bo, 1);
  await ann.locator('#turn:not(.your-turn)').waitFor();
  await noErrors();
  const d4 = acts.filter((a) => a.action === 'D4');
  assert.equal(d4.length, 2, 'the move went again after the reconnect');
  assert.equal(typeof d4[0].at, 'number');
  assert.equal(d4[1].at, d4[0].at, 'with the version it was chosen at');
  assert.equal(await ann.locator('#moves li').count(), 1);

  // 2. The server is killed while stopped, the move unread; started again
  // on the same database and address, it plays the copy sent again.
  await clickCells(bo, ['E5']);
  await movesShown(ann, 2);
  await ann.locator('#turn.your-turn').waitFor();
  const { dir, addr } = my.server;
  /** @type {Promise<void> | null} */
  let restarted = null;
  hold = async (send) => {
    signal('SIGSTOP');
    send();
    restarted = (async () => {
      await my.server.kill();
      my.server = await startServer({ dir, bind: addr });
    })();
  };
  await clickCells(ann, ['C3']);
  await ann.locator('#notice', { hasText: 'reconnecting' }).waitFor();
  await restarted;
  await movesShown(ann, 3);
  await movesShown(bo, 3);
  await bo.locator('#turn.your-turn').waitFor();
  await noErrors();
  assert.equal(acts.filter((a) => a.action === 'C3').length, 2);
  assert.deepEqual(await ann.locator('#moves li .what').allTextContents(), ['D4', 'E5', 'C3']);
  assert.deepEqual(await bo.locator('#moves li .what').allTextContents(), ['D4', 'E5', 'C3']);
});
