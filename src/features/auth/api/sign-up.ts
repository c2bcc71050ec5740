import { env } from '@/lib/env';
import type { SelfSignupRole } from '@/lib/roles';
import { loadSupabase } from '@/lib/load-supabase';
import { mapSignUpError } from '../auth-errors';

/** Sign up {email, password, options {role}}; the role lands in the user metadata. */
export async function signUp(email: string, password: string, role: SelfSignupRole): Promise<{ error: string | null }> {
  try {
    const supabase = await loadSupabase();
    const { data, error } = await supabase.auth.signUp({
      email: email.trim(),
      password,
      options: { data: { role }, emailRedirectTo: `${window.location.origin}/auto-route` },
    });
    if (error) return { error: mapSignUpError(error, env) };
    // With e-mail confirmation on there is no session yet; the MediaID needs one.
    if (!data.session) return { error: 'Check your email to confirm your account, then sign in.' };
    return { error: null };
  } catch (error) {
    return { error: mapSignUpError(error, env) };
  }
}
