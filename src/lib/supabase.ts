/** The one place the Supabase client is created (session persisted, auto refresh, session detected in URL). */
import { createClient } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY } from './auth-storage-key';
import { env, supabaseClientUrl } from './env';

export { AUTH_STORAGE_KEY };

export const supabase = createClient(supabaseClientUrl, env.supabaseAnonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storageKey: AUTH_STORAGE_KEY,
  },
});

export type AppSupabaseClient = typeof supabase;
