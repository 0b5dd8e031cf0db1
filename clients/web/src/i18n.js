/**
 * @file The browser's words in the reader's language (docs/translating.md):
 * the Fluent catalogue `i18n/locales/<lang>/web.ftl`, served at
 * `/i18n/<lang>/web.ftl` and formatted by @fluent/bundle (vendored); the
 * language is the settings' choice, else the browser's first language
 * with a catalogue, else English. A message a catalogue lacks falls back
 * to English, and an unknown id shows as itself.
 */

import { FluentBundle, FluentNumber, FluentResource } from '../vendor/fluent-bundle/index.js';

/** The languages with a catalogue, English (the fallback) first. */
export const LANGUAGES = /** @type {const} */ (['en', 'fr', 'de']);

/** @typedef {(typeof LANGUAGES)[number]} Language */

/** Each language's name in itself, for the language setting: the same words in every language. */
export const LANGUAGE_NAMES = /** @type {Record<Language, string>} */ ({ en: 'English', fr: 'Français', de: 'Deutsch' });

/** The bundles looked in, in order: the chosen language, then English. @type {FluentBundle[]} */
let bundles = [];

/** @type {Language} */
let current = 'en';

/**
 * The language to show: `setting` if it names one with a catalogue, else
 * the first of the browser's `preferred` languages (`fr-CA` → `fr`) that
 * has one, else English.
 * @param {string | undefined} setting
 * @param {readonly string[]} preferred
 * @returns {Language}
 */
export function pickLanguage(setting, preferred) {
  /** @param {string} tag @returns {Language | undefined} */
  const known = (tag) => LANGUAGES.find((l) => l === tag.split(/[-_]/)[0].toLowerCase());
  if (setting) {
    const chosen = known(setting);
    if (chosen) return chosen;
  }
  for (const tag of preferred) {
    const found = known(tag);
    if (found) return found;
  }
  return 'en';
}

/**
 * One language's catalogue text, fetched.
 * @param {Language} lang
 */
async function fetchCatalogue(lang) {
  const response = await fetch(`/i18n/${lang}/web.ftl`);
  if (!response.ok) throw new Error(`/i18n/${lang}/web.ftl: HTTP ${response.status}`);
  return { lang, text: await response.text() };
}

/**
 * Uses these catalogues, the first one's language first (the page's
 * language), the others for what it lacks.
 * @param {{lang: Language, text: string}[]} catalogues
 */
export function useWords(catalogues) {
  bundles = catalogues.map(({ lang, text }) => {
    // No isolation marks around arguments: every language shipped is written left to right.
    const bundle = new FluentBundle(lang, { useIsolating: false });
    for (const error of bundle.addResource(new FluentResource(text))) console.warn(`web.ftl (${lang}):`, error);
    return bundle;
  });
  current = catalogues[0]?.lang ?? 'en';
}

/**
 * Loads the words of `lang` (and English's, for what it lacks) and marks
 * the page with its language. A catalogue that cannot be fetched is left
 * out: its words fall back to English, or to their ids.
 * @param {Language} lang
 */
export async function loadWords(lang) {
  /** @type {Language[]} */
  const wanted = lang === 'en' ? ['en'] : [lang, 'en'];
  const loaded = await Promise.allSettled(wanted.map(fetchCatalogue));
  for (const r of loaded) if (r.status === 'rejected') console.warn(r.reason);
  useWords(loaded.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
  document.documentElement.lang = current;
  // The installed app's name and description in the page's language too
  // (English is the manifest as linked; the link changes only when it must).
  const manifest = document.querySelector('link[rel="manifest"]');
  const href = current === 'en' ? '/manifest.webmanifest' : `/manifest.webmanifest?lang=${current}`;
  if (manifest && manifest.getAttribute('href') !== href) manifest.setAttribute('href', href);
}

/** The language the page is shown in. */
export function language() {
  return current;
}

/**
 * The header that asks the server for its sentences (an HTTP refusal's
 * `message`) in the page's language, not the browser's.
 * @returns {Record<string, string>}
 */
export function languageHeader() {
  return { 'Accept-Language': current };
}

/**
 * A message of the catalogue, with its arguments (`{ $name }`).
 * @param {string} id
 * @param {Record<string, string | number | FluentNumber>} [args]
 */
export function t(id, args) {
  for (const bundle of bundles) {
    const message = bundle.getMessage(id);
    if (message?.value) return bundle.formatPattern(message.value, args);
  }
  return id;
}

/**
 * `n` as an ordinal number argument (1st, 2nd, 3rd…): the catalogue's
 * `NUMBER($n, type: "ordinal")` selects by ordinal rules only when the
 * number comes with that type, since fluent.js's NUMBER does not take
 * `type` from the message.
 * @param {number} n
 */
export function ordinal(n) {
  // The options go to Intl.PluralRules as well, which reads `type`;
  // fluent.js types them as Intl.NumberFormatOptions only.
  const options = /** @type {Intl.NumberFormatOptions} */ (/** @type {unknown} */ ({ type: 'ordinal' }));
  return new FluentNumber(n, options);
}

/**
 * Puts the words into the page's fixed elements: the text of each element
 * with `data-l10n-id`, the `aria-label` of each with `data-l10n-label`.
 * @param {ParentNode} root
 */
export function translatePage(root) {
  for (const el of root.querySelectorAll('[data-l10n-id]')) el.textContent = t(/** @type {string} */ (el.getAttribute('data-l10n-id')));
  for (const el of root.querySelectorAll('[data-l10n-label]')) el.setAttribute('aria-label', t(/** @type {string} */ (el.getAttribute('data-l10n-label'))));
}

/**
 * A message whose arguments may be elements (a name that is a link, a
 * word in bold): the message is formatted with a mark in place of each
 * element, then cut at the marks, so the translation still orders the
 * words and the elements as its language does.
 * @param {string} id
 * @param {Record<string, string | number>} args the arguments in words
 * @param {Record<string, Node | string>} nodes the arguments that are elements
 * @returns {(Node | string)[]}
 */
export function tParts(id, args, nodes) {
  const names = Object.keys(nodes);
  /** @type {Record<string, string | number>} */
  const marked = { ...args };
  names.forEach((name, i) => {
    marked[name] = `\uE000${i}\uE001`;
  });
  return t(id, marked)
    .split(/\uE000(\d+)\uE001/)
    .map((part, i) => (i % 2 === 1 ? nodes[names[Number(part)]] : part))
    .filter((part) => part !== '');
}

/**
 * A moment (Unix milliseconds) as the page's language writes it (by
 * default its date and time; `options` as Intl.DateTimeFormat takes them),
 * never in the browser's own language when the page is in another.
 * @param {number} ms
 * @param {Intl.DateTimeFormatOptions} [options]
 */
export function formatDate(ms, options = { dateStyle: 'medium', timeStyle: 'short' }) {
  return new Intl.DateTimeFormat(current, options).format(new Date(ms));
}

/**
 * A number as the page's language writes it (`1,234.5`, `1 234,5`).
 * @param {number} n
 * @param {Intl.NumberFormatOptions} [options]
 */
export function formatNumber(n, options) {
  return new Intl.NumberFormat(current, options).format(n);
}

/**
 * Names joined as the language joins them (`Ann and Bo`, `Ann et Bo`).
 * @param {string[]} items
 */
export function andList(items) {
  return new Intl.ListFormat(current, { type: 'conjunction' }).format(items);
}
