/**
 * The Supabase client, loaded on first use: supabase-js is its own chunk, so screens that only
 * may call it (sign-in and sign-up forms) paint without downloading it first.
 */
import type { AppSupabaseClient } from './supabase';

export function loadSupabase(): Promise<AppSupabaseClient> {
  return import('./supabase').then((module) => module.supabase);
}
