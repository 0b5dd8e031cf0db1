/** @file Issue 31: the server is upgraded in place mid-game (SIGUSR2: a new process takes over its socket and resumes every room, the old one says `bye` with `reconnect` and leaves): the pages never say the connection was lost, and play on. */

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, test } from 'node:test';
import { clickCells, createRoom, launchBrowser, movesShown, person, removeDir, sit, startServer } from './harness.js';

/** @type {import('./harness.js').Server | undefined} */
let server;
/** @type {import('playwright-core').Browser | undefined} */
let browser;

after(async () => {
  await browser?.close();
  await server?.kill();
  if (server) {
    // The new process of the upgrade is not a child of the test.
    try {
      execFileSync('pkill', ['-KILL', '-f', server.dir]);
    } catch {
      // Nothing left to stop.
    }
    removeDir(server.dir);
  }
});

test('an upgrade in place keeps the game going without a word of a lost connection', async () => {
  server = await startServer();
  browser = await launchBrowser();
  const ann = await person(browser, server, 'Ann');
  await createRoom(ann, 'magneton', {}, { private: true });
  await sit(ann, 'white', 'Ann');
  const link = /** @type {string} */ (await ann.locator('#invite-url').textContent());
  const bo = await person(browser, server, 'Bo');
  await bo.goto(link);
  await sit(bo, 'black', 'Bo');
  await ann.locator('#start').click();
  await clickCells(ann, ['D4']);
  await clickCells(bo, ['E5']);
  await movesShown(ann, 2);
  await movesShown(bo, 2);

  // Every notice the pages show from now on.
  for (const page of [ann, bo]) {
    await page.evaluate(() => {
      const notice = /** @type {HTMLElement} */ (document.getElementById('notice'));
      /** @type {string[]} */
      const seen = [];
      Object.assign(window, { seen });
      new MutationObserver(() => {
        if (!notice.hidden) seen.push(notice.textContent ?? '');
      }).observe(notice, { attributes: true, childList: true, subtree: true, characterData: true });
    });
  }
  const old = server.process;
  const left = new Promise((resolve) => old.once('exit', resolve));
  old.kill('SIGUSR2');
  // The old process has stored its rooms and left; the new one serves.
  await left;
  await ann.locator('#turn.your-turn').waitFor();
  await clickCells(ann, ['C3']);
  await movesShown(bo, 3);
  await bo.locator('#turn.your-turn').waitFor();
  for (const page of [ann, bo]) {
    const seen = /** @type {string[]} */ (await page.evaluate(() => /** @type {any} */ (window).seen));
    assert.ok(!seen.some((text) => /lost/i.test(text)), `a page said: ${seen.join(' | ')}`);
  }
});
