/**
 * The one place environment variables are read and validated (bulletproof-react's config/env).
 * Without a `.env`, the app talks to the embedded local backend at http://127.0.0.1:54321.
 */
export const LOCAL_BACKEND_URL = 'http://127.0.0.1:54321';
/** Well-known anon key of the embedded local backend (same scheme as the Supabase CLI). */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/**
 * The local Stripe edge's publishable key (supabase/local/stripe): with the local backend, payments
 * work out of the box; a hosted build without VITE_STRIPE_PUBLISHABLE_KEY keeps them off.
 */
export const LOCAL_STRIPE_PUBLISHABLE_KEY = 'pk_test_bucket_local_edge';

export interface AppEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
  stripePublishableKey: string | null;
  /** Why the backend configuration cannot work (placeholder or malformed URL), or null. */
  configProblem: string | null;
}

const PLACEHOLDER = /your[-_]?project|placeholder|example\.supabase|xxx|changeme/i;

export function parseEnv(raw: Record<string, string | undefined>): AppEnv {
  const url = (raw.VITE_SUPABASE_URL ?? '').trim() || LOCAL_BACKEND_URL;
  const anonKey = (raw.VITE_SUPABASE_ANON_KEY ?? '').trim() || LOCAL_ANON_KEY;
  const stripe = (raw.VITE_STRIPE_PUBLISHABLE_KEY ?? '').trim();
  let configProblem: string | null = null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      configProblem = 'VITE_SUPABASE_URL must be an http(s) URL.';
  } catch {
    configProblem = 'VITE_SUPABASE_URL is not a valid URL.';
  }
  if (!configProblem && (PLACEHOLDER.test(url) || PLACEHOLDER.test(anonKey))) {
    configProblem = 'VITE_SUPABASE_URL or VITE_SUPABASE_ANON_KEY still holds a placeholder value.';
  }
  return {
    supabaseUrl: url.replace(/\/+$/, ''),
    supabaseAnonKey: anonKey,
    stripePublishableKey: stripe || (url === LOCAL_BACKEND_URL ? LOCAL_STRIPE_PUBLISHABLE_KEY : null),
    configProblem,
  };
}

export const env: AppEnv = parseEnv(import.meta.env as Record<string, string | undefined>);

/**
 * The URL the Supabase client is created with: the configured one, or the local backend's when the
 * configured value is not an http(s) URL (createClient would throw; env.configProblem reports it).
 * The sync engine names its checkpoints after it (its `backendId`).
 */
export const supabaseClientUrl =
  env.configProblem && !/^https?:\/\//.test(env.supabaseUrl) ? LOCAL_BACKEND_URL : env.supabaseUrl;
