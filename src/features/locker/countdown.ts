/** Remaining-time text and badge colour, pure so they are unit-tested. */

export type CountdownColor = 'red' | 'yellow' | 'green';

/** The countdown ticks once per minute. */
export const COUNTDOWN_TICK_MS = 60_000;

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/** 'EXPIRED' at 0 or less; otherwise "2d 5h", "3h 20m" or "45m". */
export function formatTimeLeft(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return 'EXPIRED';
  const whole = Math.ceil(minutes);
  const days = Math.floor(whole / MINUTES_PER_DAY);
  const hours = Math.floor((whole % MINUTES_PER_DAY) / MINUTES_PER_HOUR);
  const mins = whole % MINUTES_PER_HOUR;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${mins}m`;
  return `${mins}m`;
}

/** Red at 60 minutes or less (including expired), yellow at 180 or less, otherwise green. */
export function countdownColor(minutes: number): CountdownColor {
  if (minutes <= 60) return 'red';
  if (minutes <= 180) return 'yellow';
  return 'green';
}

/** Minutes left after `elapsedMs`, counted in whole ticks as the spec's per-minute countdown does. */
export function minutesLeftAfter(initialMinutes: number, elapsedMs: number): number {
  return initialMinutes - Math.floor(Math.max(0, elapsedMs) / COUNTDOWN_TICK_MS);
}
