/** The one place the Supabase client is created (session persisted, auto refresh, session detected in URL). */
import { createClient } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY } from './auth-storage-key';
import { env, LOCAL_BACKEND_URL } from './env';

export { AUTH_STORAGE_KEY };

// createClient throws on a malformed URL; env.configProblem already reports it to the user.
const url = env.configProblem && !/^https?:\/\//.test(env.supabaseUrl) ? LOCAL_BACKEND_URL : env.supabaseUrl;

export const supabase = createClient(url, env.supabaseAnonKey, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    storageKey: AUTH_STORAGE_KEY,
  },
});

export type AppSupabaseClient = typeof supabase;
