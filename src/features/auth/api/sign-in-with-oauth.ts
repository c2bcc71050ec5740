import { env } from '@/lib/env';
import { loadSupabase } from '@/lib/load-supabase';
import { oauthSignInError, oauthSignUpError, type OAuthProvider } from '../auth-errors';

/** Whether the backend has the provider enabled; GoTrue lists them at /auth/v1/settings. */
async function providerEnabled(provider: OAuthProvider): Promise<boolean> {
  const response = await fetch(`${env.supabaseUrl}/auth/v1/settings`, { headers: { apikey: env.supabaseAnonKey } });
  if (!response.ok) return false;
  const settings = (await response.json()) as { external?: Record<string, boolean> };
  return settings.external?.[provider] === true;
}

/**
 * OAuth sign-in redirecting back to /onboarding on this origin. supabase-js would send
 * the browser to a disabled provider's error page, so the provider is checked first.
 */
export async function signInWithOAuth(
  provider: OAuthProvider,
  mode: 'signin' | 'signup',
): Promise<{ error: string | null }> {
  const failure = mode === 'signin' ? oauthSignInError(provider) : oauthSignUpError(provider);
  try {
    if (env.configProblem || !(await providerEnabled(provider))) return { error: failure };
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.signInWithOAuth({
      provider,
      options: { redirectTo: `${window.location.origin}/onboarding` },
    });
    return { error: error ? failure : null };
  } catch (error) {
    console.error(`OAuth ${provider} failed`, error);
    return { error: failure };
  }
}
