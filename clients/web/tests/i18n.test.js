/**
 * @file The browser's words and their catalogues, without a browser
 * (docs/translating.md): every `web.ftl` parses with @fluent/bundle and
 * holds English's ids; every id the client names is in the catalogue, and
 * every id of the catalogue is named; no id meets another file's of the
 * same language; the vendored @fluent/bundle is the pinned package's; and
 * no words reach the page from the client's code or HTML except through
 * the catalogue (a scan of the sources with TypeScript's parser).
 */

import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { FluentResource } from '@fluent/bundle';
import { ROOT } from './harness.js';

const WEB = path.join(ROOT, 'clients/web');
const LOCALES = path.join(ROOT, 'i18n/locales');
const LANGUAGES = ['en', 'fr', 'de'];

/** The JavaScript files of the client, as paths under clients/web. */
function sources() {
  /** @type {string[]} */
  const out = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(WEB, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.js')) out.push(file);
    }
  };
  walk('src');
  return [...out, 'sw.js'].sort();
}

/** The pages of the client. */
const PAGES = ['index.html', 'embed.html'];

/**
 * The message ids (and whether each has a value) of a catalogue file.
 * @param {string} lang
 * @param {string} file
 */
function ids(lang, file) {
  const resource = new FluentResource(readFileSync(path.join(LOCALES, lang, file), 'utf8'));
  return new Set(resource.body.filter((m) => !m.id.startsWith('-') && m.value !== null).map((m) => m.id));
}

test('every web.ftl parses and holds exactly English’s message ids', () => {
  assert.deepEqual(readdirSync(LOCALES).sort(), [...LANGUAGES].sort(), 'i18n/locales holds the languages of src/i18n.js');
  const english = ids('en', 'web.ftl');
  assert.ok(english.size > 100, `English has ${english.size} messages`);
  for (const lang of LANGUAGES) {
    const theirs = ids(lang, 'web.ftl');
    assert.deepEqual([...english].filter((id) => !theirs.has(id)), [], `${lang}/web.ftl lacks these (or cannot parse them)`);
    assert.deepEqual([...theirs].filter((id) => !english.has(id)), [], `${lang}/web.ftl has these, which English does not`);
  }
});

test('no id of web.ftl is also in another catalogue file of its language (one bundle holds them all)', () => {
  for (const lang of LANGUAGES) {
    const web = ids(lang, 'web.ftl');
    for (const file of readdirSync(path.join(LOCALES, lang)).filter((f) => f.endsWith('.ftl') && f !== 'web.ftl')) {
      const clash = [...ids(lang, file)].filter((id) => web.has(id));
      assert.deepEqual(clash, [], `${lang}/${file} and ${lang}/web.ftl both hold these`);
    }
    assert.ok([...web].every((id) => id.startsWith('web-')), `${lang}/web.ftl: every id starts with web-`);
  }
});

test('every id the client names is in the catalogue, and every id of the catalogue is named', () => {
  const english = ids('en', 'web.ftl');
  /** @type {Map<string, string>} */
  const named = new Map();
  // The server fills the web app manifest from web.ftl (web-manifest-*).
  for (const file of [...sources(), ...PAGES, '../../server/src/manifest.rs']) {
    for (const m of readFileSync(path.join(WEB, file), 'utf8').matchAll(/['"`](web-[a-z0-9-]+)['"`]/g)) named.set(m[1], file);
  }
  const unknown = [...named].filter(([id]) => !english.has(id)).map(([id, file]) => `${file}: ${id}`);
  assert.deepEqual(unknown, [], 'ids the client names that en/web.ftl does not hold');
  assert.deepEqual([...english].filter((id) => !named.has(id)), [], 'ids of en/web.ftl no file of the client names');
});

test('the vendored @fluent/bundle is the pinned package’s ES modules, unchanged', () => {
  const pinned = JSON.parse(readFileSync(path.join(WEB, 'package.json'), 'utf8')).devDependencies['@fluent/bundle'];
  const installed = path.join(WEB, 'node_modules/@fluent/bundle');
  assert.equal(JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')).version, pinned);
  const vendored = path.join(WEB, 'vendor/fluent-bundle');
  const esm = readdirSync(path.join(installed, 'esm')).filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'));
  assert.deepEqual(readdirSync(vendored).filter((f) => f.endsWith('.js') || f.endsWith('.d.ts')).sort(), esm.sort());
  for (const file of esm) {
    assert.ok(readFileSync(path.join(vendored, file)).equals(readFileSync(path.join(installed, 'esm', file))), `vendor/fluent-bundle/${file} differs from the package's`);
  }
  assert.match(readFileSync(path.join(vendored, 'README.md'), 'utf8'), new RegExp(`@fluent/bundle ${pinned.replace(/\./g, '\\.')}`));
  assert.match(readFileSync(path.join(vendored, 'LICENSE'), 'utf8'), /Apache License\s+Version 2\.0/);
});

/**
 * Literals that may reach the page as they are, each for a reason: names
 * that are the same in every language, and marks that are not words.
 */
const NOT_WORDS = new Set([
  // The product's and the games' names.
  'Lodestone',
  'Magneton',
  'Magnetism',
  'Magnet',
  'Magma',
  // Each language's name in itself (the language setting).
  'English',
  'Français',
  'Deutsch',
]);

/** Attributes whose values people read (or hear). */
const READ_ATTRIBUTES = new Set(['title', 'aria-label', 'placeholder', 'alt', 'aria-roledescription', 'aria-valuetext', 'label', 'aria-description']);
/** Attributes whose values are never read: names, classes, geometry, states. @param {string} key */
const quietAttribute = (key) =>
  ['Authorization', 'class', 'id', 'type', 'role', 'href', 'name', 'for', 'd', 'transform', 'points', 'viewBox', 'preserveAspectRatio', 'style', 'autocomplete', 'inputmode', 'rel', 'lang', 'value'].includes(key) ||
  key.startsWith('data-') ||
  (key.startsWith('aria-') && !READ_ATTRIBUTES.has(key));
/** Properties whose values people read. */
const READ_PROPERTIES = new Set(['textContent', 'innerText', 'title', 'placeholder', 'ariaLabel', 'label', 'alt']);
/** Calls whose arguments are the page's words: from the first index to before the second. */
const WORD_CALLS = /** @type {Record<string, [number, number]>} */ ({
  h: [2, Infinity],
  s: [2, Infinity],
  // A board cell's spoken name, a board's name, a labelled field's label.
  describeCell: [1, 2],
  boardSvg: [2, 3],
  field: [1, 2],
  say: [0, 1],
  fill: [1, Infinity],
  append: [0, Infinity],
  prepend: [0, Infinity],
  replaceChildren: [0, Infinity],
  alert: [0, 1],
  confirm: [0, 1],
  prompt: [0, 1],
});
/** Calls whose string arguments are never shown (ids, selectors, developers' messages). */
const QUIET_CALLS = new Set(['t', 'playAction', 'querySelector', 'querySelectorAll', 'closest', 'matches', 'matchMedia', 'getElementById', 'addEventListener', 'removeEventListener', 'getItem', 'setItem', 'removeItem', 'warn', 'log', 'error', 'debug', 'info', 'postMessage', 'createElement', 'createElementNS', 'getAttribute', 'removeAttribute', 'toggleAttribute', 'hasAttribute', 'add', 'remove', 'toggle', 'contains', 'fetch', 'request', 'startsWith', 'endsWith', 'includes', 'split', 'replace', 'replaceAll', 'indexOf', 'join', 'padStart', 'toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'get', 'has', 'set', 'delete']);

/** Whether a literal's text reads as words: letters with a space between, or a capitalised word, or sentence marks. @param {string} text */
function readsAsWords(text) {
  const plain = text.trim();
  if (!/\p{L}/u.test(plain) || NOT_WORDS.has(plain)) return false;
  // Class names, ids, keys, selectors and paths: lowercase, no spaces.
  if (/^[a-z0-9_.:#/*=+()[\]-]+$/.test(plain)) return false;
  // Markup (an inline image) and CSS selectors.
  if (/^[<#.[]/.test(plain)) return false;
  return /\p{L}{2,}\s+\p{L}/u.test(plain) || /^\p{Lu}\p{Ll}/u.test(plain) || /\p{L}[.…:?!]$/u.test(plain);
}

/** The callee's last name: `h` for `h(…)`, `textContent` for `el.textContent`. @param {ts.Expression} node */
function calleeName(node) {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  return '';
}

/**
 * The words a source file puts on the page outside the catalogue: string
 * literals that read as words anywhere but in quiet calls, and any
 * literal with a letter in a place people read (an element's children, a
 * read attribute or property, a message).
 * @param {string} file
 * @param {string} [text] the file's text (read from clients/web without)
 */
function wordsOutside(file, text = readFileSync(path.join(WEB, file), 'utf8')) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  /** @type {string[]} */
  const found = [];
  /** @param {ts.Node} node @param {string} what */
  const report = (node, what) => found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);

  /**
   * Where a literal stands: `quiet` (never shown), `read` (shown), or `any`.
   * @param {ts.Node} node
   * @returns {'quiet' | 'read' | 'any'}
   */
  function place(node) {
    let child = node;
    for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
      if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return 'quiet';
      if (ts.isPropertyAssignment(parent) && parent.name === child) return 'quiet';
      if (ts.isElementAccessExpression(parent) && parent.argumentExpression === child) return 'quiet';
      if (ts.isCaseClause(parent) && parent.expression === child) return 'quiet';
      if (ts.isBinaryExpression(parent) && /^([=!]==?|in)$/.test(parent.operatorToken.getText())) return 'quiet';
      if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
        const name = calleeName(parent.expression);
        const at = (parent.arguments ?? ts.factory.createNodeArray()).indexOf(/** @type {ts.Expression} */ (child));
        if (QUIET_CALLS.has(name)) return 'quiet';
        if (name === 'setAttribute') return at === 1 && parent.arguments?.[0] && READ_ATTRIBUTES.has(parent.arguments[0].getText().slice(1, -1)) ? 'read' : 'quiet';
        if (name in WORD_CALLS) return at >= WORD_CALLS[name][0] && at < WORD_CALLS[name][1] ? 'read' : 'quiet';
        return 'any';
      }
      if (ts.isPropertyAssignment(parent) && parent.initializer === child) {
        const key = parent.name.getText().replace(/^['"]|['"]$/g, '');
        return READ_ATTRIBUTES.has(key) ? 'read' : quietAttribute(key) ? 'quiet' : 'any';
      }
      if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === child) {
        return READ_PROPERTIES.has(calleeName(parent.left)) ? 'read' : 'any';
      }
      if (ts.isStatement(parent)) return 'any';
    }
    return 'any';
  }

  /** @param {ts.Node} node */
  function visit(node) {
    /** @type {string | null} */
    let literal = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node)) literal = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    if (literal !== null && !literal.startsWith('web-')) {
      const where = place(node);
      const letters = /\p{L}/u.test(literal) && !NOT_WORDS.has(literal.trim());
      if (where === 'read' && letters) report(node, JSON.stringify(literal));
      else if (where === 'any' && readsAsWords(literal)) report(node, JSON.stringify(literal));
    }
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
    else for (const span of node.templateSpans) visit(span.expression);
  }
  visit(source);
  return found;
}

/**
 * The words of a page's HTML outside the catalogue: text and read
 * attributes of elements without `data-l10n-id` / `data-l10n-label`
 * (`<title>` and `<noscript>` aside: the product's name, and a page
 * without scripts cannot choose a language).
 * @param {string} file
 */
function htmlWordsOutside(file) {
  const html = readFileSync(path.join(WEB, file), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  /** @type {string[]} */
  const found = [];
  for (const m of html.matchAll(/<([a-z0-9]+)([^>]*)>([^<]*)/g)) {
    const [, tag, attrs, text] = m;
    if (tag === 'title' || tag === 'noscript' || tag === 'script' || tag === 'style') continue;
    if (text.trim() && /\p{L}/u.test(text) && !NOT_WORDS.has(text.trim()) && !/data-l10n-id=/.test(attrs)) found.push(`${file}: <${tag}> ${text.trim()}`);
    for (const a of attrs.matchAll(/\s([a-z-]+)="([^"]*)"/g)) {
      if (READ_ATTRIBUTES.has(a[1]) && /\p{L}/u.test(a[2]) && !(a[1] === 'aria-label' && /data-l10n-label=/.test(attrs))) found.push(`${file}: <${tag} ${a[1]}="${a[2]}">`);
    }
  }
  return found;
}

test('no words reach the page from the client except through the catalogue', () => {
  const found = [];
  for (const file of sources()) found.push(...wordsOutside(file));
  for (const file of PAGES) found.push(...htmlWordsOutside(file));
  assert.equal(found.length, 0, `words outside i18n/locales/*/web.ftl (put them there, or in NOT_WORDS if they are not words):\n${found.join('\n')}`);
});

test('the scan finds words put on the page in each way it knows', () => {
  // The scan itself, on a made-up file: each way of showing words is caught, ids and technical strings are not.
  const code = [
    "h('button', { type: 'button', title: 'Close it' }, 'Go');",
    "el.textContent = 'done';",
    "say(`You are ${name}.`);",
    "el.setAttribute('aria-label', 'menu');",
    "const x = 'Some words here';",
    "h('p', {}, t('web-lobby-you'));",
    "el.querySelector('.seat .player');",
    "if (kind === 'place') x();",
    "h('span', { class: 'tag vacation-tag' }, 'Magma');",
    "describeCell(cell, `${cell.label}, empty`);",
    "field('give-target', 'Player', target);",
  ].join('\n');
  assert.deepEqual(
    wordsOutside('probe.js', code).map((f) => f.replace(/^probe\.js:/, '')),
    ['1: "Close it"', '1: "Go"', '2: "done"', '3: "You are  ."', '4: "menu"', '5: "Some words here"', '10: " , empty"', '11: "Player"'],
  );
});

test('dates, times and numbers are written in the page’s language, through src/i18n.js', () => {
  // toLocaleString() and a bare Intl formatter take the browser's
  // language, not the one chosen for the page: only src/i18n.js formats
  // (formatDate, formatNumber, andList), with the page's.
  const found = [];
  for (const file of sources().filter((f) => f !== 'src/i18n.js')) {
    readFileSync(path.join(WEB, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/\.toLocale(Date|Time)?String\(|\bIntl\./.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  assert.deepEqual(found, [], 'dates or numbers formatted outside src/i18n.js (in the browser’s language)');
});
