/**
 * @file The whole page in French (docs/translating.md), in a browser whose
 * own language is English: a game board (Magneton against a bot, after a
 * move each), the rules dialog, the embedded replay, the tournament list
 * and a tournament's page show none of English's catalogue words that
 * French does not share (in their text, their read attributes and the
 * window's title), and a date on the tournament list is written the French
 * way, not the browser's. Screenshots land in test-artifacts/.
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FluentResource } from '@fluent/bundle';
import { ROOT, assertAccessible, clickCells, createRoom, movesShown, person, screenshot, sit, stage, talk } from './harness.js';

const my = stage();

/**
 * Every piece of text of a catalogue: each message's words between its
 * arguments, in every variant.
 * @param {string} lang
 */
function pieces(lang) {
  const resource = new FluentResource(readFileSync(path.join(ROOT, 'i18n/locales', lang, 'web.ftl'), 'utf8'));
  /** @type {string[]} */
  const found = [];
  /** @param {unknown} node */
  const walk = (node) => {
    if (typeof node === 'string') found.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const n = /** @type {{value?: unknown, variants?: {value: unknown}[]}} */ (node);
      if (n.variants) n.variants.forEach((v) => walk(v.value));
      else if ('value' in n) walk(n.value);
    }
  };
  for (const message of resource.body) walk(message.value);
  return found;
}

/**
 * English's words that French does not use anywhere: each text piece of
 * an English message, trimmed of its edges' marks, with four letters or
 * more (single letters and abbreviations aside), unless the same words
 * are somewhere in French's catalogue too (`Magneton`, `Buchholz`).
 */
const ENGLISH_ONLY = (() => {
  const french = pieces('fr').join('\n');
  const edges = /^[\s\p{P}\p{S}\d]+|[\s\p{P}\p{S}\d]+$/gu;
  const english = new Set(pieces('en').map((p) => p.replace(edges, '')).filter((p) => (p.match(/\p{L}/gu) ?? []).length >= 4));
  return [...english].filter((p) => !french.includes(p));
})();

/**
 * The English words found in what the page shows now: its text (the
 * hidden parts too), the values of the attributes people read or hear,
 * and the window's title. Words are matched whole and with their case.
 * @param {import('playwright-core').Page} page
 * @param {string} [skip] a selector of parts left out (the record's result, in the rules' English)
 */
async function englishOn(page, skip) {
  const shown = await page.evaluate((skip) => {
    const parts = [document.title];
    const body = /** @type {HTMLElement} */ (document.body.cloneNode(true));
    if (skip) for (const el of body.querySelectorAll(skip)) el.remove();
    // Each piece of text apart (an element's words run into the next one's in textContent).
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
    for (const el of body.querySelectorAll('[aria-label], [title], [placeholder], [alt], [aria-description], [aria-roledescription]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-roledescription']) parts.push(el.getAttribute(name) ?? '');
    }
    for (const input of body.querySelectorAll('input')) parts.push(input.value);
    return parts.join('\n');
  }, skip);
  const escape = (/** @type {string} */ s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return ENGLISH_ONLY.filter((words) => new RegExp(`(?<![\\p{L}])${escape(words)}(?![\\p{L}])`, 'u').test(shown));
}

/**
 * Asserts the page shows no English-only catalogue words, naming those it does.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 * @param {string} [skip]
 */
async function assertFrench(page, where, skip) {
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr', where);
  assert.deepEqual(await englishOn(page, skip), [], `English words on ${where}`);
}

/**
 * A person whose page is in French (chosen in the settings before the
 * first load), in a browser whose own language is English.
 * @param {string} name
 */
function frenchPerson(name) {
  return person(my.browser, my.server, name, {
    prepare: (context) => context.addInitScript(() => localStorage.setItem('lodestone.settings', JSON.stringify({ language: 'fr' }))),
  });
}

test('the check knows English from French: it finds the English words of a page in English', async () => {
  assert.ok(ENGLISH_ONLY.length > 500, `${ENGLISH_ONLY.length} English-only pieces`);
  assert.ok(ENGLISH_ONLY.includes('How to play') && ENGLISH_ONLY.includes('Standings, best first'));
  assert.ok(!ENGLISH_ONLY.includes('Magneton'), 'names shared by both languages are not English-only');
  const ann = await person(my.browser, my.server, 'Eve');
  await ann.locator('#create', { hasText: 'Create room' }).waitFor();
  const found = await englishOn(ann);
  assert.ok(found.includes('New room') && found.includes('Create room'), `found ${found.join(', ')}`);
  await ann.context().close();
});

test('a game, the rules, the embed and the tournaments in French: no English words, French dates', async () => {
  const ann = await frenchPerson('Ann');
  assert.equal(await ann.evaluate(() => navigator.language), 'en-US', 'the browser itself speaks English');
  await ann.locator('#create', { hasText: 'Créer la salle' }).waitFor();
  await ann.locator('#option-move-rule-help').waitFor();
  await assertFrench(ann, 'the lobby');

  // A game against a bot, a move each: the board, its panel, the move list.
  const room = await createRoom(ann, 'magneton');
  await sit(ann, 'white', 'Ann');
  await ann.locator('[data-bot="black"]').waitFor();
  await assertFrench(ann, 'a room before the start (with the bot menu)');
  await ann.locator('[data-bot="black"]').click();
  await ann.locator('#start').click();
  await clickCells(ann, ['D4']);
  await movesShown(ann, 2);
  await ann.locator('#turn.your-turn').waitFor();
  await ann.locator('.hands', { hasText: 'En main' }).waitFor();
  assert.match(
    /** @type {string} */ (await ann.locator('#board [data-cell="D4"] .bg').getAttribute('aria-label')),
    /^D4, pierre blanche/,
  );
  await assertFrench(ann, 'a Magneton game after a move each', '.result-raw');
  await assertAccessible(ann, 'a game in French');
  await screenshot(ann, 'french-magneton-game');

  // The rules, from the room.
  await ann.locator('.rules-button').first().click();
  await ann.locator('#rules[open] h2', { hasText: 'Comment jouer à Magneton' }).waitFor();
  await assertFrench(ann, 'the rules dialog');
  await screenshot(ann, 'french-rules', { page: true });
  await ann.locator('#rules-close').click();

  // The embedded replay of that game (its language from the site's setting).
  const embed = await ann.context().newPage();
  await embed.goto(new URL(`/embed/room/${room}`, my.server.url).href);
  await embed.locator('#embed-at', { hasText: 'Coup 2 sur 2' }).waitFor();
  await assertFrench(embed, 'the embedded replay');
  await embed.close();

  // A tournament that starts later, made through the protocol: the list
  // says when, the French way.
  const startsAt = Date.now() + 3 * 3600_000;
  await talk(ann, [{ type: 'create_tournament', tournament: { name: 'Ligue du soir', game: 'magneton', format: 'swiss', rounds: 3, starts_at: startsAt } }]);
  await ann.goto(new URL('#/tournaments', my.server.url).href);
  const line = ann.locator('.tournament-list[data-status="upcoming"] li', { hasText: 'Ligue du soir' });
  await line.waitFor();
  const dates = await ann.evaluate((ms) => {
    const style = /** @type {const} */ ({ dateStyle: 'medium', timeStyle: 'short' });
    return { fr: new Intl.DateTimeFormat('fr', style).format(ms), browser: new Intl.DateTimeFormat(undefined, style).format(ms) };
  }, startsAt);
  assert.notEqual(dates.fr, dates.browser, 'the browser writes dates another way than French');
  const said = /** @type {string} */ (await line.textContent());
  assert.ok(said.includes(`début le ${dates.fr}`), `the list says “${said}”, not the French date ${dates.fr}`);
  assert.ok(!said.includes(dates.browser), `the list says the browser's date: “${said}”`);

  // A round-robin organized from the French form, with a computer player,
  // started: its page with standings and a round.
  await ann.locator('details.organize summary').click();
  assert.equal(await ann.locator('#t-name').inputValue(), 'Ligue du vendredi');
  await assertFrench(ann, 'the tournament list with its form');
  await ann.locator('#t-format').selectOption('round-robin');
  await ann.locator('#t-bots').check();
  await ann.locator('#t-create').click();
  await ann.locator('.tournament-head h2', { hasText: 'Ligue du vendredi' }).waitFor();
  await ann.locator('.tournament-head p', { hasText: 'Toutes rondes de Magneton — À venir' }).waitFor();
  await ann.locator('#t-join').click();
  await ann.locator('#standings tr[data-player]', { hasText: 'Ann' }).waitFor();
  await ann.locator('#t-bot').click();
  await ann.locator('#standings tr[data-player]').nth(1).waitFor();
  await assertFrench(ann, 'a tournament before its start');
  await ann.locator('#t-start').click();
  await ann.locator('#go-to-game', { hasText: 'Aller à votre partie' }).waitFor();
  await ann.locator('.round h4', { hasText: 'Ronde 1' }).waitFor();
  await assertFrench(ann, 'a running tournament');
  await assertAccessible(ann, 'a tournament in French');
  await screenshot(ann, 'french-tournament', { page: true });
  await ann.context().close();
});
