/** @file Whole games of all four games by pointing, one person on a 390×844 phone (tapping) and one on a 1366×800 desktop (clicking), each with the board turned to its side: Magneton, Magnetism, Magnet with arranged setups, Magma for two and for two teams of two. Each is played to its end, then a rematch is asked for from the end screen, taken by everyone, played to its end in the new room, and the first game is still at its own address. Screenshots of each end on both screens land in test-artifacts/. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, assertNoHorizontalScroll, person, said, screenshot, sit, stage, tap } from './harness.js';

const my = stage();

/** @typedef {import('playwright-core').Page} Page */

/**
 * A person on a phone or on a 1366×800 desktop.
 * @param {string} name
 * @param {boolean} phone
 */
async function someone(name, phone) {
  const page = await person(my.browser, my.server, name, { phone });
  if (!phone) await page.setViewportSize({ width: 1366, height: 800 });
  return page;
}

/** @param {Page} page */
const movesNow = (page) => page.locator('#moves li').count();

/**
 * Plays a move by pointing at `cells` in order (a tap on the phone, which
 * zooms first where the board needs it), then, if the page asks, chooses
 * the Magnet order `order` and presses "Play", and says yes to a
 * confirmation. Waits until the move is in the list.
 * @param {Page} page
 * @param {string[]} cells
 * @param {{order?: string}} [options]
 */
async function pointMove(page, cells, { order } = {}) {
  await page.locator('#turn.your-turn').waitFor();
  const count = (await movesNow(page)) + 1;
  const next = page.locator(`#moves li:nth-child(${count})`);
  // A move the page refused (an error said: on a busy machine a late pong
  // can make the connection not live for a moment, and a move then is not
  // sent) is made again, as a person would; any other failure, or a third
  // refusal, fails with what the page said.
  for (let attempt = 1; ; attempt += 1) {
    const before = (await said(page)).length;
    try {
      await pointOnce(page, cells, next, order);
      return;
    } catch (error) {
      if ((await next.count()) > 0) return;
      const since = (await said(page)).slice(before);
      const refused = since.some((message) => message.kind.includes('error'));
      if (!refused || attempt === 3) {
        throw new Error(`${/** @type {Error} */ (error).message}\nthe page said: ${JSON.stringify(since)}`);
      }
    }
  }
}

/**
 * One try of `pointMove`: the cells, then "Play" and "yes" as asked, until
 * `next` (the move's line in the list) is there.
 * @param {Page} page
 * @param {string[]} cells
 * @param {import('playwright-core').Locator} next
 * @param {string} [order]
 */
async function pointOnce(page, cells, next, order) {
  await page.locator('#turn.your-turn').waitFor();
  for (const cell of cells) {
    const target = page.locator(`#board [data-cell="${cell}"]:is(.target, .source)`);
    await target.waitFor();
    await tap(page, target);
  }
  const yes = page.locator('#confirm:not([hidden]) #confirm-yes');
  const play = page.locator('#magnet-play');
  for (let step = 0; step < 3 && (await next.count()) === 0; step += 1) {
    await yes.or(play).or(next).first().waitFor();
    if ((await yes.count()) > 0) await yes.click();
    else if ((await play.count()) > 0) {
      if (order) await page.locator(`label[for="order-${order}"]`).click();
      await play.click();
    }
    await yes.or(next).first().waitFor();
  }
  await next.waitFor();
}

/**
 * Waits until the page shows the game to the player of `seat`: that seat
 * marked as the viewer's and the board drawn. Until then there is nothing
 * to measure (the board appears with the first update of the started game,
 * which reaches each page a little after "Start"; after a rematch, the
 * finished room's page gives way to the new one's), so a board is looked at
 * only after this.
 * @param {Page} page
 * @param {number} seat
 */
async function drawnFor(page, seat) {
  await page.locator(`.seat[data-seat="${seat}"].you`).waitFor();
  await page.locator('#board .cell').first().waitFor();
}

/**
 * Fails unless `mine` is drawn lower on the board than `theirs` (the
 * board turned to the side of the viewer, who sits on `seat`).
 * @param {Page} page
 * @param {number} seat
 * @param {string} mine
 * @param {string} theirs
 */
async function turnedToMe(page, seat, mine, theirs) {
  await drawnFor(page, seat);
  const [a, b] = await page.evaluate(([m, t]) => [m, t].map((l) => document.querySelector(`#board [data-cell="${l}"] .bg`)?.getBoundingClientRect().y ?? 0), [mine, theirs]);
  assert.ok(a > b, `the board is not turned to the viewer: ${mine} is drawn above ${theirs}`);
}

/**
 * Fails unless the Magnetism board is turned to the side of the viewer
 * (on `seat`): its own back row (`mine`) below the other's on a desktop,
 * and, on a phone, where the twelve files run down the screen, on the left.
 * @param {Page} page
 * @param {number} seat
 * @param {string} mine
 * @param {string} theirs
 */
async function magnetismTurnedToMe(page, seat, mine, theirs) {
  const phone = (page.viewportSize()?.width ?? 0) < 500;
  if (!phone) return turnedToMe(page, seat, mine, theirs);
  await drawnFor(page, seat);
  const [a, b] = await page.evaluate(([m, t]) => [m, t].map((l) => document.querySelector(`#board [data-cell="${l}"] rect`)?.getBoundingClientRect().x ?? 0), [mine, theirs]);
  assert.ok(a < b, `the board is not turned to the viewer: ${mine} is drawn right of ${theirs}`);
}

/**
 * Fails unless the Magma board is turned to the side of the viewer (on
 * `seat`): at the start, the lowest home drawn holds a stone of the
 * viewer's colour (a seat starts with one on each of its homes).
 * @param {Page} page
 * @param {number} seat
 */
async function magmaTurnedToMe(page, seat) {
  await drawnFor(page, seat);
  const name = /** @type {string} */ (await page.locator('.seat.you .seat-name').textContent());
  const color = name.split(' ')[0];
  const lowest = await page.evaluate(() => {
    const homes = [...document.querySelectorAll('#board .home')].map((el) => {
      const r = el.getBoundingClientRect();
      return { y: r.y + r.height / 2, stone: el.querySelector('.stone')?.getAttribute('class') ?? 'empty' };
    });
    return homes.sort((p, q) => q.y - p.y)[0]?.stone;
  });
  assert.equal(lowest, `stone ${color}`, `the Magma board is not turned to ${color}`);
}

/**
 * The end on every page: its heading, axe-core, no sideways scroll, a
 * screenshot of each.
 * @param {Page[]} pages
 * @param {RegExp} heading what each page's result says
 * @param {string} name for the screenshots
 */
async function ended(pages, heading, name) {
  for (const [i, page] of pages.entries()) {
    await page.locator('#result h3', { hasText: heading }).waitFor();
    assert.deepEqual(await page.locator('#messages .message').allTextContents(), [], `a message from before the end covers the end of ${name}`);
    await assertAccessible(page, `the end of ${name}`);
    await assertNoHorizontalScroll(page, `the end of ${name}`);
    const screen = (page.viewportSize()?.width ?? 0) < 500 ? 'phone' : 'desktop';
    await screenshot(page, `game-${name}-end-${screen}${pages.length > 2 ? `-${i + 1}` : ''}`);
  }
}

/**
 * A rematch from the end screen: the first page asks, the others accept;
 * every page moves to one new room. Returns its id.
 * @param {Page[]} pages
 * @param {string} first the finished room's id
 */
async function rematch(pages, first) {
  await pages[0].locator('#rematch').click();
  for (const page of pages.slice(1)) {
    await page.locator('#rematch-status', { hasText: 'proposes a rematch' }).waitFor();
    await page.locator('#rematch-accept').click();
  }
  for (const page of pages) await page.waitForURL((url) => /#\/room\//.test(url.hash) && !url.hash.includes(first));
  const second = /** @type {string} */ (/#\/room\/([^/?]+)/.exec(pages[0].url())?.[1]);
  for (const page of pages) assert.ok(page.url().includes(second), 'every page is in the same rematch');
  return second;
}

/**
 * After the rematch: the first game still opens at its own address, with
 * its result and a link to the rematch.
 * @param {Page} page
 * @param {string} first
 * @param {RegExp} heading the first game's result as this page sees it
 */
async function firstStillThere(page, first, heading) {
  await page.goto(`${my.server.url}#/room/${first}`);
  await page.locator('#result h3', { hasText: heading }).waitFor();
  await page.locator('#rematch-link').waitFor();
  assert.ok(page.url().includes(first), 'the finished game’s address sent the page away');
}

/**
 * The room id in a page's address.
 * @param {Page} page
 */
const roomOf = (page) => /** @type {string} */ (/#\/room\/([^/?]+)/.exec(page.url())?.[1]);

/**
 * Creates a room of `game` on `owner`'s page (with `options`), seats the
 * pages on `seats` in order and starts; returns the room id.
 * @param {Page[]} pages
 * @param {string[]} names
 * @param {string[]} seats
 * @param {string} game
 * @param {Record<string, string>} [options]
 */
async function table(pages, names, seats, game, options = {}) {
  const owner = pages[0];
  await owner.locator('#game').selectOption(game);
  for (const [key, value] of Object.entries(options)) await owner.locator(`[data-option="${key}"]`).selectOption(value);
  await owner.locator('#create').click();
  await owner.waitForURL(/#\/room\//);
  for (const [i, page] of pages.entries()) {
    if (i > 0) await page.goto(owner.url());
    await sit(page, seats[i], names[i]);
  }
  await owner.locator('#start:not([disabled])').click();
  return roomOf(owner);
}

/** @param {Page[]} pages */
async function closeAll(pages) {
  for (const page of pages) await page.context().close();
}

test('Magneton on a phone and a desktop: a whole game by pointing, a rematch played to its end, the first game kept', async () => {
  const names = ['Desk Ada', 'Phone Bea'];
  const [desk, phone] = [await someone(names[0], false), await someone(names[1], true)];
  const first = await table([desk, phone], names, ['white', 'black'], 'magneton');
  await turnedToMe(phone, 1, 'A8', 'A1');
  await turnedToMe(desk, 0, 'A1', 'A8');
  // White (first the desktop, then the phone) makes four in a row.
  const game = ['H3', 'B8', 'F1', 'E1', 'D2', 'F2', 'C6', 'C3'];
  const play = async (/** @type {Page} */ white, /** @type {Page} */ black) => {
    for (const [i, square] of game.entries()) await pointMove(i % 2 === 0 ? white : black, [square]);
  };
  await play(desk, phone);
  await ended([desk, phone], /You win!|You lose\./, 'magneton');
  await phone.locator('#result h3', { hasText: 'You lose.' }).waitFor();
  await phone.locator('#board .win-line').waitFor();
  const second = await rematch([phone, desk], first);
  await phone.locator('.seat[data-seat="0"].you').waitFor();
  await turnedToMe(phone, 0, 'A1', 'A8');
  await turnedToMe(desk, 1, 'A8', 'A1');
  await play(phone, desk);
  await ended([phone, desk], /You win!|You lose\./, 'magneton-rematch');
  await phone.locator('#result h3', { hasText: 'You win!' }).waitFor();
  await firstStillThere(phone, first, /You lose\./);
  await desk.goto(`${my.server.url}#/room/${second}`);
  await desk.locator('#result h3', { hasText: 'You lose.' }).waitFor();
  await closeAll([desk, phone]);
});

test('Magnetism on a phone and a desktop: the race by pointing, a rematch played to its end, the first game kept', async () => {
  const names = ['Phone Cid', 'Desk Dot'];
  const [phone, desk] = [await someone(names[0], true), await someone(names[1], false)];
  const first = await table([phone, desk], names, ['white', 'black'], 'magnetism');
  await magnetismTurnedToMe(phone, 0, 'a1', 'a8');
  await magnetismTurnedToMe(desk, 1, 'a8', 'a1');
  // The secret opening, then magnet, piece, destination: black wins the race.
  const play = async (/** @type {Page} */ white, /** @type {Page} */ black) => {
    await pointMove(white, ['g3']);
    await pointMove(black, ['i5']);
    const game = [['k3', 'k1', 'k2'], ['g3', 'l8', 'h4'], ['k6', 'f1', 'h3'], ['g5', 'h4', 'k1'], ['k5', 'k2', 'k4']];
    for (const [i, cells] of game.entries()) await pointMove(i % 2 === 0 ? white : black, cells);
  };
  await play(phone, desk);
  await ended([phone, desk], /You lose\.|You win!/, 'magnetism');
  await desk.locator('#result h3', { hasText: 'You win!' }).waitFor();
  await desk.locator('#board [data-cell="k1"].win').waitFor();
  const second = await rematch([desk, phone], first);
  await phone.locator('.seat[data-seat="1"].you').waitFor();
  await magnetismTurnedToMe(phone, 1, 'a8', 'a1');
  await magnetismTurnedToMe(desk, 0, 'a1', 'a8');
  await play(desk, phone);
  await ended([phone, desk], /You lose\.|You win!/, 'magnetism-rematch');
  await phone.locator('#result h3', { hasText: 'You win!' }).waitFor();
  await firstStillThere(desk, first, /You win!/);
  await phone.goto(`${my.server.url}#/room/${second}`);
  await phone.locator('#result h3', { hasText: 'You win!' }).waitFor();
  await closeAll([desk, phone]);
});

test('Magnet with arranged setups on a phone and a desktop: the King captured, a rematch played to its end, the first game kept', async () => {
  const names = ['Desk Eli', 'Phone Fay'];
  const [desk, phone] = [await someone(names[0], false), await someone(names[1], true)];
  const first = await table([desk, phone], names, ['blue', 'red'], 'magnet');
  /**
   * Both arrange (two swaps each, away from the pieces the game moves),
   * red's King comes next to blue's, and blue's magnet on B7 pulls its
   * King onto it.
   * @param {Page} red
   * @param {Page} blue
   */
  const play = async (red, blue) => {
    for (const [page, swaps] of /** @type {[Page, string[][]][]} */ ([[red, [['A3', 'E10']]], [blue, [['J1', 'K3']]]])) {
      await page.locator('#setup-done').waitFor();
      for (const [a, b] of swaps) {
        await tap(page, page.locator(`#board [data-cell="${a}"]`));
        await page.locator(`#board [data-cell="${a}"].chosen`).waitFor();
        await tap(page, page.locator(`#board [data-cell="${b}"]`));
        await page.locator(`#board [data-cell="${a}"].chosen`).waitFor({ state: 'detached' });
      }
      await page.locator('#setup-done').click();
    }
    await red.locator('#moves li:nth-child(2)').waitFor();
    await turnedToMe(red, 0, 'E10', 'E1');
    await turnedToMe(blue, 1, 'E1', 'E10');
    await pointMove(red, ['G1'], { order: 'G1-A2' });
    await pointMove(blue, ['B7']);
  };
  await play(phone, desk);
  assert.match(/** @type {string} */ (await phone.locator('#moves li:not(.secret) .what').first().textContent()), /A3:3 .*E10:2/);
  await ended([desk, phone], /You win!|You lose\./, 'magnet');
  await desk.locator('#result', { hasText: /captured .+ King\./ }).waitFor();
  await desk.locator('#result h3', { hasText: 'You win!' }).waitFor();
  const second = await rematch([phone, desk], first);
  await phone.locator('.seat[data-seat="1"].you').waitFor();
  await play(desk, phone);
  await ended([desk, phone], /You win!|You lose\./, 'magnet-rematch');
  await phone.locator('#result h3', { hasText: 'You win!' }).waitFor();
  await firstStillThere(phone, first, /You lose\./);
  await desk.goto(`${my.server.url}#/room/${second}`);
  await desk.locator('#result h3', { hasText: 'You lose.' }).waitFor();
  await closeAll([desk, phone]);
});

/**
 * The pages in the order of their seats (each page's own seat).
 * @param {Page[]} pages
 */
async function inTurnOrder(pages) {
  const seats = [];
  for (const page of pages) {
    const seat = page.locator('.seat.you');
    await seat.waitFor();
    seats.push({ page, seat: Number(await seat.getAttribute('data-seat')) });
  }
  return seats.sort((a, b) => a.seat - b.seat).map((x) => x.page);
}

/**
 * A whole Magma game: each seat, in turn order, enters a piece where the
 * board first offers one; then everyone passes in turn, which ends it.
 * @param {Page[]} order the pages in turn order
 */
async function magmaGame(order) {
  for (const page of order) {
    await page.locator('#turn.your-turn').waitFor();
    const cell = /** @type {string} */ (await page.locator('#board .cell.target').first().getAttribute('data-cell'));
    await pointMove(page, [cell]);
  }
  for (const page of order) {
    await page.locator('#turn.your-turn').waitFor();
    const count = (await movesNow(page)) + 1;
    await page.locator('button[data-action="pass"]').click();
    const yes = page.locator('#confirm:not([hidden]) #confirm-yes');
    const next = page.locator(`#moves li:nth-child(${count})`);
    await yes.or(next).first().waitFor();
    if ((await next.count()) === 0) await yes.click();
    await next.waitFor();
  }
  for (const page of order) await page.locator('#result', { hasText: 'all passed' }).waitFor();
}

test('Magma for two on a phone and a desktop: entries and passes to the end, a rematch played to its end, the first game kept', async () => {
  const names = ['Phone Gil', 'Desk Hal'];
  const [phone, desk] = [await someone(names[0], true), await someone(names[1], false)];
  const first = await table([phone, desk], names, ['1', '2'], 'magma', { players: '2' });
  for (const [seat, page] of [phone, desk].entries()) await magmaTurnedToMe(page, seat);
  // A message shown during the game (kept until taken away) is gone at the end.
  await phone.evaluate(() => document.getElementById('messages')?.append(Object.assign(document.createElement('p'), { className: 'message info', textContent: 'You are now Phone Gil.' })));
  await magmaGame([phone, desk]);
  await ended([phone, desk], /wins|You win!|You lose\./, 'magma');
  // Each colour says when it plays, as an English ordinal.
  for (const nth of ['plays 1st', 'plays 2nd']) await desk.locator('.seat-name', { hasText: nth }).waitFor();
  await phone.locator('#result .score-table tbody tr').nth(1).waitFor();
  const heading = /** @type {string} */ (await phone.locator('#result h3').textContent());
  const second = await rematch([desk, phone], first);
  // Everyone one seat on: the desktop plays first now.
  for (const [seat, page] of [desk, phone].entries()) await magmaTurnedToMe(page, seat);
  await magmaGame(await inTurnOrder([phone, desk]));
  await ended([desk, phone], /wins|You win!|You lose\./, 'magma-rematch');
  await firstStillThere(phone, first, new RegExp(heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await desk.goto(`${my.server.url}#/room/${second}`);
  await desk.locator('#result', { hasText: 'all passed' }).waitFor();
  await closeAll([desk, phone]);
});

test('Magma two against two, two phones and two desktops: entries and passes to the end, a rematch played to its end, the first game kept', async () => {
  const names = ['Desk Ivo', 'Phone Jo', 'Desk Kim', 'Phone Lu'];
  const pages = [await someone(names[0], false), await someone(names[1], true), await someone(names[2], false), await someone(names[3], true)];
  const first = await table(pages, names, ['1', '2', '3', '4'], 'magma', { players: '4' });
  await pages[0].locator('.seat .team').nth(3).waitFor();
  for (const [seat, page] of pages.entries()) await magmaTurnedToMe(page, seat);
  await magmaGame(pages);
  await ended(pages, /wins|You win!|You lose\./, 'magma-teams');
  const second = await rematch(pages, first);
  // Everyone one seat on.
  const order = await inTurnOrder(pages);
  assert.notDeepEqual(order, pages, 'the seats moved on');
  await magmaGame(order);
  await ended(pages, /wins|You win!|You lose\./, 'magma-teams-rematch');
  await firstStillThere(pages[1], first, /wins|You win!|You lose\./);
  await pages[0].goto(`${my.server.url}#/room/${second}`);
  await pages[0].locator('#result', { hasText: 'all passed' }).waitFor();
  await closeAll(pages);
});
