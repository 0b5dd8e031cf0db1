/** @file Small helpers for building HTML and SVG elements, and the page's message area. */

/**
 * @typedef {Record<string, string | number | boolean | null | undefined | EventListener>} Attrs
 * @typedef {Node | string | number | null | undefined | false} Child
 */

/**
 * Sets attributes: `on…` functions become listeners, `false`/`null`/
 * `undefined` leave the attribute out, `true` sets it empty.
 * @param {Element} el
 * @param {Attrs} attrs
 */
function apply(el, attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) el.setAttribute(name, String(value));
  }
}

/**
 * @param {Element} el
 * @param {Child[]} children
 */
function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
}

/**
 * An HTML element: `h('button', {class: 'x', onclick: f}, 'Go')`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * An SVG element: `s('circle', {cx: 1, cy: 2, r: 3})`.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function s(tag, attrs = {}, ...children) {
  const el = /** @type {SVGElementTagNameMap[K]} */ (document.createElementNS(SVG_NS, tag));
  apply(el, attrs);
  append(el, children);
  return el;
}

/**
 * Replaces an element's children.
 * @param {Element} el
 * @param {...Child} children
 */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
}

/**
 * Shows a short message to the user in the page's message area (errors
 * from the server, copied links); it fades after a while.
 * @param {string} text
 * @param {'error' | 'info'} [kind]
 */
export function say(text, kind = 'info') {
  const area = document.getElementById('messages');
  if (!area) return;
  const item = h('p', { class: `message ${kind}` }, text);
  area.append(item);
  setTimeout(() => item.remove(), kind === 'error' ? 8000 : 4000);
}

/**
 * Takes away every message shown so far (at a game's end, so what was said
 * before it does not cover the result).
 */
export function unsayAll() {
  document.getElementById('messages')?.replaceChildren();
}

/**
 * Reports a failed request (a ServerError or anything thrown).
 * @param {unknown} error
 */
export function sayError(error) {
  say(error instanceof Error ? error.message : String(error), 'error');
}
