/** @file The room's clocks, counting down locally from the server's last reading: Magma's turn timer and each seat's clock, beside the seats and in the status bar; held and marked stale while the connection is not live; a replayed position shows its own clocks, standing still. */

import { seatWords } from './seats.js';
import { t } from './i18n.js';

/** @typedef {import('./protocol.js').RoomState} RoomState */

/** `m:ss`, `h:mm:ss`, or `2d 5h` for a correspondence clock. @param {number} ms */
export function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  if (total >= 86_400) return t('web-clock-days-hours', { days: Math.floor(total / 86_400), hours: Math.floor((total % 86_400) / 3600) });
  if (total >= 3600) return `${Math.floor(total / 3600)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return `${Math.floor(total / 60)}:${pad(total % 60)}`;
}

/**
 * The clocks of a room page.
 * @param {HTMLElement} root the page (its `[data-clock]` elements show each seat's)
 * @param {HTMLElement} statusClock the status bar's clock
 */
export function roomClocks(root, statusClock) {
  /** When the latest reading arrived (performance.now()). */
  let readAt = 0;
  /** While not live: when it stopped being live (the clocks stand there). */
  let heldAt = /** @type {number | null} */ (null);

  return {
    /** A new reading arrived with an update. */
    read() {
      readAt = performance.now();
      heldAt = null;
    },
    /**
     * Draws the clocks of `st` (the live room, or a replayed position
     * with `replayed`), counting down unless the connection is not live.
     * @param {RoomState | null} st
     * @param {{live: boolean, replayed: boolean}} how
     */
    tick(st, { live, replayed }) {
      const now = performance.now();
      if (live) heldAt = null;
      else heldAt ??= now;
      const stale = !live && !replayed;
      const elapsed = replayed ? 0 : (heldAt ?? now) - readAt;
      const play = st?.play;
      const clock = replayed ? null : play?.clock;
      const clocks = play?.clocks ?? [];
      /** @param {number} seat */
      const forWhom = (seat) => (seat === st?.you ? t('web-clock-for-you') : t('web-clock-for-seat', { seat: seatWords(st?.seats[seat]) }));
      let status = '';
      let statusLow = false;
      if (clock) {
        const left = clock.remaining_ms - elapsed;
        status = t('web-clock-left', { time: clockText(left), whom: forWhom(clock.seat) });
        statusLow = left < 10_000;
      } else if (!replayed) {
        const running = clocks.filter((c) => c.running);
        status = running.map((c) => t('web-clock-left', { time: clockText(c.remaining_ms - elapsed), whom: forWhom(c.seat) })).join(', ');
        statusLow = running.some((c) => c.remaining_ms - elapsed < 10_000);
      }
      if (stale && status) status = `${status} ${t('web-clock-stale')}`;
      statusClock.textContent = status;
      statusClock.classList.toggle('low', statusLow);
      statusClock.classList.toggle('stale', stale);
      for (const el of root.querySelectorAll('[data-clock]')) {
        const seat = Number(/** @type {HTMLElement} */ (el).dataset.clock);
        const own = clocks.find((c) => c.seat === seat);
        const parts = [];
        let low = false;
        if (own) {
          const running = own.running && !replayed;
          const left = running ? own.remaining_ms - elapsed : own.remaining_ms;
          parts.push(clockText(left));
          if (own.berserk) parts.push(t('web-clock-berserk'));
          low = running && left < 10_000;
        }
        if (clock && clock.seat === seat) {
          const left = clock.remaining_ms - elapsed;
          parts.push(own ? t('web-clock-turn', { time: clockText(left) }) : clockText(left));
          low ||= left < 10_000;
        }
        el.textContent = parts.join(' · ');
        el.classList.toggle('low', low);
        el.classList.toggle('running', own?.running === true && !replayed);
        el.classList.toggle('stale', stale && parts.length > 0);
        if (stale && parts.length > 0) el.setAttribute('title', t('web-clock-stale-title'));
        else el.removeAttribute('title');
      }
    },
  };
}
