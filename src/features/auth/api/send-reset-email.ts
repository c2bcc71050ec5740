import { env } from '@/lib/env';
import { loadSupabase } from '@/lib/load-supabase';
import { mapResetEmailError } from '../auth-errors';

/** Reset password for e-mail, redirecting to /reset-password. */
export async function sendResetEmail(email: string): Promise<{ error: string | null }> {
  try {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
      redirectTo: `${window.location.origin}/reset-password`,
    });
    return { error: error ? mapResetEmailError(error, env) : null };
  } catch (error) {
    return { error: mapResetEmailError(error, env) };
  }
}
