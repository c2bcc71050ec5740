import { env } from '@/lib/env';
import { loadSupabase } from '@/lib/load-supabase';
import { mapSignInError } from '../auth-errors';

/** Sign in with password; resolves to the red banner's message or null, and the user's metadata role. */
export async function signInWithPassword(
  email: string,
  password: string,
): Promise<{ error: string | null; role: unknown }> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
    if (error) return { error: mapSignInError(error, env), role: null };
    return { error: null, role: data.user?.user_metadata?.role };
  } catch (error) {
    return { error: mapSignInError(error, env), role: null };
  }
}
