import { loadSupabase } from '@/lib/load-supabase';
import { mapPasswordUpdateError } from '../auth-errors';

/** Update user {password}; the backend message or 'Failed to update password'. */
export async function updatePassword(password: string): Promise<{ error: string | null }> {
  try {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.updateUser({ password });
    return { error: error ? mapPasswordUpdateError(error) : null };
  } catch (error) {
    return { error: mapPasswordUpdateError(error) };
  }
}

/** Starts the recovery session from the link's tokens; false when they are expired or tampered with. */
export async function startRecoverySession(accessToken: string, refreshToken: string): Promise<boolean> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
    return !error && Boolean(data.session);
  } catch {
    return false;
  }
}
