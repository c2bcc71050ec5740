/** Shared by the reward calendar tests: dates relative to today, and days passing for one fan. */
import type { SupabaseClient, User } from '@supabase/supabase-js';
import type { LocalBackend } from '../helpers/backend';

export type Actor = { client: SupabaseClient; user: User };

/** Today + n days as yyyy-mm-dd (UTC, as the server's current_date on these machines). */
export function isoDay(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

/** The fan's calendar as it will be `n` days from now: every date moves back by n days. */
export async function daysPass(backend: LocalBackend, fan: string, n: number): Promise<void> {
  await backend.query('update private.reward_calendars set starts_on = starts_on - $2::int where fan_id = $1', [
    fan,
    n,
  ]);
  await backend.query('update public.daily_rewards set unlock_date = unlock_date - $2::int where fan_id = $1', [
    fan,
    n,
  ]);
}
