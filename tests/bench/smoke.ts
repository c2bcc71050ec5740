/**
 * Smoke mode (`BENCH_SMOKE=1`, set by `npm run bench -- --smoke` and so by `npm test`): every bench
 * runs once at its smallest sizes, to prove it still runs end to end; its figures mean nothing.
 */
export const BENCH_SMOKE = process.env.BENCH_SMOKE === '1';

/** `full` normally, `smoke` in smoke mode. */
export const benchSize = <T>(full: T, smoke: T): T => (BENCH_SMOKE ? smoke : full);
