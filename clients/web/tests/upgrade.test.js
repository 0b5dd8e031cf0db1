/** @file Issue 31: the server is upgraded in place mid-game (SIGUSR2: a new process takes over its socket and resumes every room, the old one says `bye` with `reconnect` and leaves): the pages never say the connection was lost, and play on. */

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { clickCells, movesShown, privateGameUnderWay, stage } from './harness.js';


const my = stage();
// The new process of the upgrade is not a child of the test.
my.atEnd(() => {
  try {
    execFileSync('pkill', ['-KILL', '-f', my.server.dir]);
  } catch {
    // Nothing left to stop.
  }
});

test('an upgrade in place keeps the game going without a word of a lost connection', async () => {
  const { server, browser } = my;
  const { ann, bo } = await privateGameUnderWay(browser, server);

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
