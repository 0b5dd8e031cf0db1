/**
 * @file The whole page in French (docs/translating.md), in a browser whose
 * own language is English: a game board (Magneton against a bot, after a
 * move each; the other boards at their start), the rules dialog, the
 * embedded replay, the tournament list and a tournament's page, the
 * player, safety and console pages (and a German Magnet setup with its
 * rules) show none of English's catalogue words that the language does
 * not share (in their text, their read attributes and the window's
 * title), and a date on the tournament list is written the French way,
 * not the browser's. Screenshots land in test-artifacts/.
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { FluentBundle, FluentResource } from '@fluent/bundle';
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
 * English's words that `lang` does not use anywhere: each text piece of
 * an English message, trimmed of its edges' marks, with four letters or
 * more (single letters and abbreviations aside), unless the same words
 * are somewhere in that language's catalogue too (`Magneton`, `Buchholz`).
 * @param {string} lang
 */
function englishOnly(lang) {
  const theirs = pieces(lang).join('\n');
  const edges = /^[\s\p{P}\p{S}\d]+|[\s\p{P}\p{S}\d]+$/gu;
  const english = new Set(pieces('en').map((p) => p.replace(edges, '')).filter((p) => (p.match(/\p{L}/gu) ?? []).length >= 4));
  return [...english].filter((p) => !theirs.includes(p));
}
const ENGLISH_ONLY = { fr: englishOnly('fr'), de: englishOnly('de') };

/**
 * The English words found in what the page shows now: its text (the
 * hidden parts too), the values of the attributes people read or hear,
 * and the window's title. Words are matched whole and with their case.
 * @param {import('playwright-core').Page} page
 * @param {string[]} english the words looked for
 * @param {string} [skip] a selector of parts left out (the record's result, in the rules' English)
 */
async function englishOn(page, english, skip) {
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
  return english.filter((words) => new RegExp(`(?<![\\p{L}])${escape(words)}(?![\\p{L}])`, 'u').test(shown));
}

/**
 * Asserts the page is in `lang` and shows no English-only catalogue
 * words, naming those it does.
 * @param {import('playwright-core').Page} page
 * @param {string} where
 * @param {string} [skip]
 * @param {'fr' | 'de'} [lang]
 */
async function assertFrench(page, where, skip, lang = 'fr') {
  assert.equal(await page.evaluate(() => document.documentElement.lang), lang, where);
  assert.deepEqual(await englishOn(page, ENGLISH_ONLY[lang], skip), [], `English words on ${where} (${lang})`);
}

/**
 * A person whose page is in `lang` (chosen in the settings before the
 * first load), in a browser whose own language is English.
 * @param {string} name
 * @param {'fr' | 'de'} [lang]
 */
function frenchPerson(name, lang = 'fr') {
  return person(my.browser, my.server, name, {
    prepare: (context) => context.addInitScript((language) => localStorage.setItem('lodestone.settings', JSON.stringify({ language })), lang),
  });
}

test('the check knows English from French: it finds the English words of a page in English', async () => {
  assert.ok(ENGLISH_ONLY.fr.length > 500, `${ENGLISH_ONLY.fr.length} English-only pieces`);
  assert.ok(ENGLISH_ONLY.fr.includes('How to play') && ENGLISH_ONLY.de.includes('Standings, best first'));
  assert.ok(!ENGLISH_ONLY.fr.includes('Magneton'), 'names shared by both languages are not English-only');
  const ann = await person(my.browser, my.server, 'Eve');
  await ann.locator('#create', { hasText: 'Create room' }).waitFor();
  const found = await englishOn(ann, ENGLISH_ONLY.fr);
  assert.ok(found.includes('New room') && found.includes('Create room'), `found ${found.join(', ')}`);
  await ann.context().close();
});

test('the client’s English for the options’ help and the bot levels is the server’s, word for word', async () => {
  // The server sends these in English; the client shows the catalogue's
  // words in their place, so English's must not drift from the server's.
  const english = new FluentBundle('en', { useIsolating: false });
  english.addResource(new FluentResource(readFileSync(path.join(ROOT, 'i18n/locales/en/web.ftl'), 'utf8')));
  /** @param {string} id @param {Record<string, string>} [args] */
  const say = (id, args) => english.formatPattern(/** @type {import('@fluent/bundle').Pattern} */ (english.getMessage(id)?.value), args);
  const games = await (await fetch(new URL('/api/games', my.server.url))).json();
  let compared = 0;
  for (const game of games.games ?? games) {
    for (const option of game.options) {
      assert.ok(english.hasMessage(`web-option-help-${option.key}`), `no web-option-help-${option.key}`);
      assert.equal(say(`web-option-help-${option.key}`), option.help, option.key);
      compared += 1;
    }
    for (const bot of game.bots) {
      assert.equal(say('web-bot-level-name', { level: bot.level, name: '?' }), bot.name, bot.level);
      assert.equal(say('web-bot-level-about', { level: bot.level, description: '?' }), bot.description, bot.level);
    }
  }
  assert.ok(compared > 20, `${compared} options compared`);
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
  // A refusal comes in the page's language too (the browser asks for English).
  const missing = new URL('/api/rooms/no-such-room/ply/latest', my.server.url).href;
  const [fr, en] = await Promise.all(['fr', 'en'].map((lang) => fetch(missing, { headers: { 'Accept-Language': lang } }).then((r) => r.json())));
  assert.notEqual(fr.message, en.message, 'the server has a French sentence for this refusal');
  await embed.goto(new URL('/embed/room/no-such-room', my.server.url).href);
  await embed.locator('#embed-error', { hasText: fr.message }).waitFor();
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
  // The installed app's manifest is asked for in the page's language.
  assert.equal(await ann.locator('link[rel="manifest"]').getAttribute('href'), '/manifest.webmanifest?lang=fr');
  const manifest = await ann.evaluate(async () => (await fetch(document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '')).json());
  assert.match(manifest.description, /^Quatre jeux de plateau/);
  await ann.locator('#t-format').selectOption('round-robin');
  await ann.locator('#t-bots').check();
  await ann.locator('#t-create').click();
  await ann.locator('.tournament-head h2', { hasText: 'Ligue du vendredi' }).waitFor();
  await ann.locator('.tournament-head p', { hasText: 'Toutes rondes de Magneton — à venir' }).waitFor();
  await ann.locator('#t-join').click();
  await ann.locator('#standings tr[data-player]', { hasText: 'Ann' }).waitFor();
  await ann.locator('#t-bot').click();
  await ann.locator('#standings tr[data-player]').nth(1).waitFor();
  // The computer player is named in French by the server (the page said
  // its language in hello), and its tag stands apart from its name.
  const botRow = await ann.locator('#standings tr[data-player] th', { hasText: 'Ordinateur 1' }).textContent();
  assert.match(botRow ?? '', /^Ordinateur 1 \([a-zé]+\) ordinateur$/, `the bot's row: “${botRow}”`);
  await assertFrench(ann, 'a tournament before its start');
  await ann.locator('#t-start').click();
  await ann.locator('#go-to-game', { hasText: 'Aller à votre partie' }).waitFor();
  await ann.locator('.round h4', { hasText: 'Ronde 1' }).waitFor();
  await assertFrench(ann, 'a running tournament');
  await assertAccessible(ann, 'a tournament in French');
  await screenshot(ann, 'french-tournament', { page: true });

  // Her own pages: the player page, safety and data, and the console's refusal.
  await ann.locator('#whoami a[href^="#/player/"]').click();
  await ann.locator('h3', { hasText: 'Parties récentes' }).waitFor();
  await assertFrench(ann, 'the player page');
  await ann.goto(new URL('#/safety', my.server.url).href);
  await ann.locator('#data-h', { hasText: 'Mes données' }).waitFor();
  await assertFrench(ann, 'the safety page');
  await ann.goto(new URL('#/console', my.server.url).href);
  await ann.locator('.console-page p[role="status"]', { hasText: 'Cette page est réservée' }).waitFor();
  await assertFrench(ann, 'the console (refused)');
  await ann.context().close();
});

test('the other boards in French (two people each), and Magnet with its rules in German', async () => {
  const ann = await frenchPerson('Ann');
  const bo = await frenchPerson('Bo');
  for (const [game, first, second, panel] of [
    ['magnetism', 'white', 'black', '.magnets'],
    ['magnet', 'red', 'blue', '#setup-done'],
    ['magma', '1', '2', '.score-table tbody tr'],
  ]) {
    await ann.goto(my.server.url);
    await ann.locator('#create', { hasText: 'Créer la salle' }).waitFor();
    await createRoom(ann, game);
    await sit(ann, first, 'Ann');
    await bo.goto(ann.url());
    await sit(bo, second, 'Bo');
    await ann.locator('#start').click();
    await ann.locator(panel).first().waitFor();
    await bo.locator(panel).first().waitFor();
    await assertFrench(ann, `a ${game} game at its start`);
    await assertFrench(bo, `a ${game} game at its start, the other side`);
    await screenshot(ann, `french-${game}-start`);
  }
  await bo.context().close();
  await ann.context().close();

  const dora = await frenchPerson('Dora', 'de');
  const eda = await frenchPerson('Eda', 'de');
  await dora.locator('#create', { hasText: 'Raum eröffnen' }).waitFor();
  await assertFrench(dora, 'the lobby', undefined, 'de');
  await createRoom(dora, 'magnet');
  await sit(dora, 'red', 'Dora');
  await eda.goto(dora.url());
  await sit(eda, 'blue', 'Eda');
  await dora.locator('#start').click();
  await dora.locator('#setup-done', { hasText: 'Aufstellung bestätigen' }).waitFor();
  await assertFrench(dora, 'a Magnet game in its setup', undefined, 'de');
  await screenshot(dora, 'german-magnet-setup');
  await dora.locator('.rules-button').first().click();
  await dora.locator('#rules[open] h2', { hasText: 'So spielt man Magnet' }).waitFor();
  await assertFrench(dora, 'the rules dialog', undefined, 'de');
  await dora.context().close();
  await eda.context().close();
});
