/** @file What the last move did, in the browser, from the server's `play.last.effects`: a Magneton drop's pushed and pulled stones marked on their exact squares until the next move and said in the move list; the slide animation (skippable, and never under prefers-reduced-motion); a Magnet capture and a trap shown to both players while the trap victim's kind reaches only its owner (DOM and WebSocket frames); the loss warning the server itself gives for a Magnetism move; and the room's "How to play" button. */

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible, movesShown, screenshot, stage, twoPlayers } from './harness.js';

const my = stage();

/**
 * Plays `action` by typing it (as a keyboard player would), once it is
 * this page's turn, and waits until `watcher` shows it in its move list.
 * @param {import('playwright-core').Page} page
 * @param {string} action
 * @param {import('playwright-core').Page} watcher
 */
async function typeMove(page, action, watcher) {
  await page.locator('#turn.your-turn').waitFor();
  const before = await watcher.locator('#moves li').count();
  await page.locator('#typed').fill(action);
  await page.locator('#typed').press('Enter');
  await movesShown(watcher, before + 1);
  await movesShown(page, before + 1);
}

/**
 * The labels of the board's cells that carry every class of `classes`
 * (`.fx-pulled`), sorted.
 * @param {import('playwright-core').Page} page
 * @param {string} classes
 */
async function cellsWith(page, classes) {
  const labels = await page.locator(`#board .cell${classes}`).evaluateAll((els) => els.map((el) => el.getAttribute('data-cell') ?? ''));
  return labels.sort();
}

/**
 * The arrows drawn for the last action: `kind from→to`, in drawing order.
 * @param {import('playwright-core').Page} page
 */
async function arrows(page) {
  return page.locator('#board .fx-arrow').evaluateAll((els) =>
    els.map((el) => `${[...el.classList].find((c) => c !== 'fx-arrow')?.slice(3)} ${el.getAttribute('data-path')?.split(' ').join('→')}`),
  );
}

/** Waits until no move animation runs on the page. @param {import('playwright-core').Page} page */
async function settled(page) {
  await page.locator('#board svg.fx-animating').waitFor({ state: 'detached' });
}

/**
 * Counts, from now on, the move animations that start in the page.
 * @param {import('playwright-core').Page} page
 */
async function countAnimations(page) {
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.fxStarts = 0;
    document.addEventListener(
      'animationstart',
      (event) => {
        if (/** @type {AnimationEvent} */ (event).animationName.startsWith('fx-')) w.fxStarts += 1;
      },
      true,
    );
  });
  return () => page.evaluate(() => /** @type {number} */ (/** @type {any} */ (window).fxStarts));
}

// Magneton drops checked with the rules (rules/tests/effects.rs tells the
// same): the eleventh, white's F5, pulls black's H3 to G4, pushes white's
// C5 to B5 and pulls black's D7 to E6; black's A2 then pulls white's A5 to
// A3 and pushes black's E6 to G8.
const DROPS = ['C7', 'D4', 'C8', 'H3', 'A7', 'G6', 'A5', 'D4', 'F7', 'D7'];

test('Magneton: a drop that pushes and pulls marks each moved stone until the next move, says it in the move list; How to play opens from the room', async () => {
  const { ann, bo } = await twoPlayers(my, 'magneton', ['white', 'black']);
  for (const [i, square] of DROPS.entries()) await typeMove(i % 2 === 0 ? ann : bo, square, i % 2 === 0 ? bo : ann);

  // White drops on F5 by clicking the square.
  await ann.locator('#turn.your-turn').waitFor();
  await ann.locator('#board [data-cell="F5"].target').click();
  await movesShown(bo, 11);
  for (const page of [ann, bo]) {
    await page.locator('#board [data-cell="F5"].fx-placed').waitFor();
    assert.deepEqual(await cellsWith(page, '.fx-pulled'), ['E6', 'G4']);
    assert.deepEqual(await cellsWith(page, '.fx-pushed'), ['B5']);
    assert.deepEqual(await cellsWith(page, '.fx-from'), ['C5', 'D7', 'H3']);
    assert.deepEqual(await cellsWith(page, '.fx-to'), ['B5', 'E6', 'F5', 'G4']);
    assert.deepEqual(await arrows(page), ['pull H3→G4', 'push C5→B5', 'pull D7→E6']);
    // The stones stand where the marks say.
    await page.locator('#board [data-cell="G4"] .stone.black').waitFor();
    await page.locator('#board [data-cell="B5"] .stone.white').waitFor();
    await page.locator('#board [data-cell="E6"] .stone.black').waitFor();
    assert.equal(await page.locator('#board [data-cell="H3"] .stone').count(), 0);
    // Said to assistive technology on the square, and in the move list.
    assert.match(
      /** @type {string} */ (await page.locator('#board [data-cell="G4"] .bg').getAttribute('aria-label')),
      /^G4, black stone; last move: a black stone was just pulled here from H3$/,
    );
    assert.equal(await page.locator('#moves li:nth-child(11) .effects').textContent(), ': H3→G4 pulled, C5→B5 pushed, D7→E6 pulled');
    assert.equal(await page.locator('#moves .effects').count(), 1, 'only the last move has effects');
    assert.equal(
      await page.locator('#status #last-said').textContent(),
      'Last move: Ann (white) drops on F5: H3→G4 pulled, C5→B5 pushed, D7→E6 pulled.',
    );
    await settled(page);
    await assertAccessible(page, 'a Magneton board with a push and pulls marked');
  }
  await screenshot(bo, 'effects-magneton-push-pull');

  // Black's next drop: the marks are now its own.
  await typeMove(bo, 'A2', ann);
  for (const page of [ann, bo]) {
    await page.locator('#board [data-cell="A2"].fx-placed').waitFor();
    assert.deepEqual(await cellsWith(page, '.fx-pulled'), ['A3']);
    assert.deepEqual(await cellsWith(page, '.fx-pushed'), ['G8']);
    assert.deepEqual(await cellsWith(page, '.fx-from'), ['A5', 'E6']);
    assert.equal(await page.locator('#board [data-cell="F5"].fx-placed').count(), 0);
    assert.equal(await page.locator('#moves li:nth-child(11) .effects').count(), 0);
    assert.equal(await page.locator('#moves li:nth-child(11) .what').textContent(), 'F5');
    assert.equal(await page.locator('#moves li:nth-child(12) .effects').textContent(), ': A5→A3 pulled, E6→G8 pushed');
  }
  await settled(ann);
  await screenshot(ann, 'effects-magneton-next-move');

  // The room's "How to play" opens this game's rules, and gives the focus back.
  await ann.locator('#room-rules').click();
  await ann.locator('#rules[open] h2', { hasText: 'How to play Magneton' }).waitFor();
  await ann.locator('#rules .diagram-figure svg').first().waitFor();
  await assertAccessible(ann, 'the rules opened from a Magneton room');
  await screenshot(ann, 'effects-room-rules', { page: true });
  await ann.locator('#rules-close').click();
  await ann.locator('#rules').waitFor({ state: 'hidden' });
  assert.equal(await ann.evaluate(() => document.activeElement?.id), 'room-rules');
});

test('motion: moved stones slide in, a tap skips it; with prefers-reduced-motion nothing moves and the marks stay', async () => {
  const { ann, bo } = await twoPlayers(my, 'magneton', ['white', 'black'], { names: ['AnnM', 'BoM'] });
  await bo.emulateMedia({ reducedMotion: 'reduce' });
  const annStarts = await countAnimations(ann);
  const boStarts = await countAnimations(bo);

  await typeMove(ann, 'C7', bo);
  await typeMove(bo, 'D4', ann);
  // White's C8 pushes C7 to C1: Bo, who asked for less motion, sees it
  // marked, and nothing moves on his page.
  await typeMove(ann, 'C8', bo);
  await bo.locator('#board [data-cell="C1"].fx-pushed').waitFor();
  assert.deepEqual(await arrows(bo), ['push C7→C1']);
  await ann.locator('#board [data-cell="C1"].fx-pushed').waitFor();
  // Black's H3 pulls C8 to G4: Ann's page slides it.
  await typeMove(bo, 'H3', ann);
  await ann.locator('#board [data-cell="G4"].fx-pulled').waitFor();
  await bo.locator('#board [data-cell="G4"].fx-pulled').waitFor();
  await settled(ann);
  assert.ok((await annStarts()) > 0, 'Ann’s page animated the moves');
  assert.equal(await boStarts(), 0, 'no animation under prefers-reduced-motion');
  assert.equal(await bo.locator('#board .fx-slide, #board .fx-pop, #board .fx-held, #board svg.fx-animating').count(), 0);
  assert.equal(await bo.evaluate(() => document.getAnimations().length), 0);

  // A tap on the board skips a running animation: every piece is at once
  // where it ended. Watched from inside Ann's page, the moment it starts.
  await typeMove(ann, 'A7', bo);
  await ann.evaluate(() => {
    const svg = /** @type {SVGSVGElement} */ (document.querySelector('#board svg.board'));
    const moving = () => document.getAnimations().filter((a) => /** @type {CSSAnimation} */ (a).animationName?.startsWith('fx-')).length;
    /** @type {any} */ (window).fxSkip = new Promise((resolve) => {
      const watch = new MutationObserver(() => {
        if (!svg.classList.contains('fx-animating')) return;
        watch.disconnect();
        const before = moving();
        svg.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
        resolve({ before, after: moving(), flying: svg.querySelectorAll('.fx-flying > *').length, held: svg.querySelectorAll('.fx-held').length, animating: svg.classList.contains('fx-animating') });
      });
      watch.observe(svg, { attributes: true, attributeFilter: ['class'] });
    });
  });
  // Black's G6 pulls G4 to G5 and pushes B6 to A6.
  await typeMove(bo, 'G6', ann);
  const skip = await ann.evaluate(() => /** @type {any} */ (window).fxSkip);
  assert.ok(skip.before > 0, 'the animation was running');
  assert.deepEqual({ after: skip.after, flying: skip.flying, held: skip.held, animating: skip.animating }, { after: 0, flying: 0, held: 0, animating: false });
  // The marks stay after the skip.
  assert.deepEqual(await cellsWith(ann, '.fx-pulled'), ['G5']);
  assert.deepEqual(await cellsWith(ann, '.fx-pushed'), ['A6']);
  await ann.locator('#board [data-cell="G5"] .stone.white').waitFor();
  assert.equal(await boStarts(), 0, 'still no animation under prefers-reduced-motion');
  await screenshot(bo, 'effects-reduced-motion');
});

/** The setups and the first four turns of a Magnet game (found with the rules crate): red's K2 captures a blue 3 on K5; blue's K5 then captures red's trap 3 there with a blue 2, which the trap destroys. */
const RED_SETUP = { A2: '4', A3: '3', A4: '2', A5: '3', B7: '2', C8: '4', D9: 'K', E10: 'T2', G10: '4', H9: '2', I8: '3', J7: 'T3' };
const BLUE_SETUP = { B1: '4', C1: '3', D1: '2', E1: '4', G1: 'K', H1: 'T3', I1: '2', J1: 'T2', K2: '3', K3: '4', K4: '2', K5: '3' };

/**
 * Arranges the page's secret setup by swapping pieces on the board until
 * every start vertex holds the wanted kind, then confirms it.
 * @param {import('playwright-core').Page} page
 * @param {Record<string, string>} wanted kind by start vertex
 */
async function arrange(page, wanted) {
  await page.locator('#setup-done').waitFor();
  const vertices = Object.keys(wanted);
  const kinds = async () =>
    /** @type {Record<string, string>} */ (
      Object.fromEntries(
        await page.locator('#board .cell:has(.piece.arranging)').evaluateAll((els) =>
          els.map((el) => [el.getAttribute('data-cell'), el.querySelector('.piece.arranging text')?.textContent ?? '']),
        ),
      )
    );
  for (const [i, v] of vertices.entries()) {
    const now = await kinds();
    if (now[v] === wanted[v]) continue;
    const rest = vertices.slice(i + 1);
    const other = rest.find((w) => now[w] === wanted[v] && now[w] !== wanted[w]) ?? rest.find((w) => now[w] === wanted[v]);
    assert.ok(other, `no ${wanted[v]} left to put on ${v}`);
    await page.locator(`#board [data-cell="${v}"]`).click();
    await page.locator(`#board [data-cell="${v}"].chosen`).waitFor();
    await page.locator(`#board [data-cell="${other}"]`).click();
    await page.locator(`#board [data-cell="${v}"] .piece.arranging text`, { hasText: new RegExp(`^${wanted[v]}$`) }).waitFor();
  }
  assert.deepEqual(await kinds(), wanted);
  await page.locator('#setup-done').click();
}

/**
 * Every effect of every update in `frames` (a page's received frames).
 * @param {string[]} frames
 * @returns {{ply: number, fx: any}[]}
 */
function effectsIn(frames) {
  const all = [];
  for (const frame of frames) {
    const message = JSON.parse(frame);
    const last = message.type === 'update' ? message.state.play?.last : null;
    for (const fx of last?.effects ?? []) all.push({ ply: last.ply, fx });
  }
  return all;
}

test('Magnet: a capture and a trap are marked for both players; the trap victim’s kind reaches its owner only', async () => {
  const { ann, bo, received } = await twoPlayers(my, 'magnet', ['red', 'blue'], { frames: true, names: ['AnnG', 'BoG'] });
  await arrange(ann, RED_SETUP);
  await arrange(bo, BLUE_SETUP);
  await movesShown(ann, 2);
  await movesShown(bo, 2);

  await typeMove(ann, 'K6', bo);
  await typeMove(bo, 'E7', ann);
  // Red's magnet on K2 draws B7 to C7 and K6 to K5, which captures the blue 3 there.
  await typeMove(ann, 'K2', bo);
  for (const page of [ann, bo]) {
    await page.locator('#board .fx-badge-capture[data-at="K5"]', { hasText: '×3' }).waitFor();
    assert.deepEqual(await cellsWith(page, '.fx-captured'), ['K5']);
    assert.deepEqual(await arrows(page), ['move B7→C7', 'move K6→K5']);
    assert.equal(await page.locator('#moves li:nth-child(5) .effects').textContent(), ': B7→C7, K6→K5, K5 captured a 3');
    await settled(page);
  }
  await screenshot(bo, 'effects-magnet-capture');

  // Blue's magnet on K5 draws the blue 2 from K4 onto K5: it captures red's
  // trap 3 and is destroyed; B1 goes to C2.
  await typeMove(bo, 'K5', ann);
  for (const page of [ann, bo]) {
    await page.locator('#board .fx-badge-trapped[data-at="K5"]').waitFor();
    assert.equal(await page.locator('#board .fx-badge-capture[data-at="K5"]').textContent(), '×T3');
    assert.deepEqual(await cellsWith(page, '.fx-trapped'), ['K5']);
    assert.deepEqual(await arrows(page), ['move K4→K5', 'move B1→C2']);
    await settled(page);
    await assertAccessible(page, 'a Magnet board with a capture and a trap marked');
  }
  // Bo knows what he lost; Ann is told that a blue piece was destroyed, not which.
  assert.equal(await bo.locator('#board .fx-badge-trapped').textContent(), '✕2');
  assert.equal(await ann.locator('#board .fx-badge-trapped').textContent(), '✕');
  assert.equal(await ann.locator('#board .fx-badge-trapped').getAttribute('data-kind'), '');
  assert.equal(
    await bo.locator('#moves li:nth-child(6) .effects').textContent(),
    ': K4→K5, K5 captured a trap 3, K5: a 2 destroyed by a trap, B1→C2',
  );
  assert.equal(
    await ann.locator('#moves li:nth-child(6) .effects').textContent(),
    ': K4→K5, K5 captured a trap 3, K5: a piece destroyed by a trap, B1→C2',
  );
  assert.match(
    /** @type {string} */ (await ann.locator('#board [data-cell="K5"] .bg').getAttribute('aria-label')),
    /a blue piece was just destroyed here by the trap it captured/,
  );
  await screenshot(ann, 'effects-magnet-trap');
  await screenshot(bo, 'effects-magnet-trap-owner');

  // Ann's page shows no blue kind but the captured 3, Bo's no red kind but
  // the captured trap 3 (his own 2, lost to it, he may see).
  for (const [page, theirs, allowed] of /** @type {const} */ ([[ann, 'blue', ['3', 'T3']], [bo, 'red', ['3', 'T3', '2']]])) {
    for (const text of await page.locator(`#board .piece.${theirs} text`).allTextContents()) assert.match(text, /^\?$/, `a ${theirs} piece shows ${text}`);
    const kinds = await page.locator('#board .fx-badge').evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
    for (const kind of kinds) assert.ok(kind === '' || allowed.includes(/** @type {any} */ (kind)), `a badge shows ${kind}`);
  }
  const html = await ann.content();
  for (const [vertex, kind] of Object.entries(BLUE_SETUP)) assert.ok(!html.includes(`${vertex}:${kind}`), `Ann's page holds ${vertex}:${kind}`);

  // The frames: the server told Ann the trap victim without its kind, and
  // never a kind of a blue piece but one captured; Bo learns his own 2.
  const annEffects = effectsIn(received.ann);
  const boEffects = effectsIn(received.bo);
  const trapped = (/** @type {{fx: any}[]} */ list) => list.filter((e) => e.fx.kind === 'trapped').map((e) => e.fx);
  assert.deepEqual(trapped(annEffects).at(-1), { kind: 'trapped', at: 'K5', side: 'blue' });
  assert.deepEqual(trapped(boEffects).at(-1), { kind: 'trapped', at: 'K5', side: 'blue', piece: '2' });
  for (const { fx } of annEffects) {
    if (fx.side === 'blue' && fx.kind !== 'capture' && fx.piece !== 'magnet') assert.equal(fx.piece, undefined, JSON.stringify(fx));
  }
  for (const { fx } of boEffects) {
    if (fx.side === 'red' && fx.kind !== 'capture' && fx.piece !== 'magnet') assert.equal(fx.piece, undefined, JSON.stringify(fx));
  }
  for (const frame of received.ann) {
    for (const [vertex, kind] of Object.entries(BLUE_SETUP)) assert.ok(!frame.includes(`${vertex}:${kind}`), `a frame to Ann holds ${vertex}:${kind}`);
  }
});

// A Magnetism game (found with the rules crate): black's last move pushes
// its c4 piece to f1, ahead 1 to 0 on the far row; of white's 155 replies
// only (g3) g5-g8 draws level, every other one loses at once.
const MAGNETISM = ['magnet f3', 'magnet e5', '(f6) k1-g5', '(e6) c8-d7', '(f4) f1-f3', '(a2) a8-a5', '(e5) a1-b2', '(b3) g8-c4', '(c3) f3-h3', '(b5) c4-f1'];

test('Magnetism: the server warns that a move loses at once, and the page asks before playing it', async () => {
  const { ann, bo, received } = await twoPlayers(my, 'magnetism', ['white', 'black'], { frames: true, names: ['AnnS', 'BoS'] });
  // The secret opening: both choose at once; then white moves first.
  await typeMove(ann, MAGNETISM[0], bo);
  await typeMove(bo, MAGNETISM[1], ann);
  for (const [i, action] of MAGNETISM.slice(2).entries()) await typeMove(i % 2 === 0 ? ann : bo, action, i % 2 === 0 ? bo : ann);

  // Black's last move is marked on white's board: the magnet's path and the push.
  await ann.locator('#board [data-cell="f1"].fx-pushed').waitFor();
  assert.deepEqual(await arrows(ann), ['move b3→b4→b5', 'push c4→f1']);
  assert.equal(await ann.locator('#moves li:nth-child(10) .effects').textContent(), ': magnet b3→b4→b5, c4→f1 pushed');
  await settled(ann);
  await screenshot(ann, 'effects-magnetism-push');

  // The warning comes from the server itself.
  await ann.locator('#turn.your-turn').waitFor();
  const update = received.ann.map((f) => JSON.parse(f)).filter((m) => m.type === 'update' && m.state.play && (m.state.play.moves_from ?? 0) + m.state.play.moves.length === 10 && m.state.play.legal.length > 0).at(-1);
  assert.ok(update, 'an update with white to move');
  assert.equal(update.state.play.risks['(a3) h3-g3'], 'loses');
  assert.equal(update.state.play.risks['(g3) g5-g8'], undefined);

  // White points at a losing move: the page asks, with the danger shown, and
  // its "yes" has the focus (Escape cancels); "Cancel" plays nothing.
  for (const cell of ['a3', 'h3', 'g3']) {
    const target = ann.locator(`#board [data-cell="${cell}"]:is(.target, .source)`);
    await target.waitFor();
    await target.click();
  }
  await ann.locator('#confirm.danger:not([hidden])', { hasText: 'This move loses the game at once.' }).waitFor();
  assert.match(/** @type {string} */ (await ann.locator('#confirm-text').textContent()), /\(a3\) h3-g3/);
  assert.equal(await ann.evaluate(() => document.activeElement?.id), 'confirm-yes');
  await assertAccessible(ann, 'the loss confirmation');
  await screenshot(ann, 'effects-magnetism-loss-confirmation', { page: true });
  await ann.locator('#confirm-no').click();
  await ann.locator('#confirm').waitFor({ state: 'hidden' });
  assert.equal(await ann.locator('#moves li').count(), 10);

  // The one move that draws level goes without a question (a desktop does
  // not confirm every move), and the game goes on.
  await typeMove(ann, '(g3) g5-g8', bo);
  assert.equal(await ann.locator('#confirm:not([hidden])').count(), 0);
  assert.equal(await bo.locator('#result:not([hidden])').count(), 0);
  await bo.locator('.race', { hasText: 'white 1, black 1' }).waitFor();
});
