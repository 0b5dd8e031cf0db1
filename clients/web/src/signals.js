/** @file Telling the player it is their turn when they look elsewhere: the tab's title and icon, and an optional short sound. */

import { settings } from './settings.js';
import { t } from './i18n.js';

const TITLE = 'Lodestone';

/** The icon with a round "your turn" mark in its corner. */
const TURN_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M6 4h7v13a3 3 0 0 0 6 0V4h7v13a10 10 0 0 1-20 0z" fill="#b33"/><path d="M6 4h7v5H6zM19 4h7v5h-7z" fill="#ccc"/><circle cx="25" cy="25" r="7" fill="#0b5cad" stroke="#fff" stroke-width="2"/></svg>',
  );

/** A short two-note chime (Web Audio; nothing to download). */
function chime() {
  const Context = window.AudioContext;
  if (!Context) return;
  try {
    const audio = new Context();
    const now = audio.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.15 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.15 + 0.14);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.15);
      osc.stop(now + i * 0.15 + 0.15);
    }
    setTimeout(() => audio.close(), 600);
  } catch {
    // No sound is better than a broken page.
  }
}

/** The signals of one page: call `show` after every update. */
export function turnSignals() {
  let wasYours = false;
  const icon = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="icon"]'));
  const plainIcon = icon?.getAttribute('href') ?? '/favicon.svg';
  return {
    /**
     * @param {{game: string, yourTurn: boolean}} now
     */
    show({ game, yourTurn }) {
      document.title = yourTurn ? `${t('web-title-your-turn', { game })} — ${TITLE}` : game ? `${game} — ${TITLE}` : TITLE;
      icon?.setAttribute('href', yourTurn ? TURN_ICON : plainIcon);
      document.documentElement.dataset.yourTurn = String(yourTurn);
      if (yourTurn && !wasYours && settings().sound) chime();
      wasYours = yourTurn;
    },
  };
}
