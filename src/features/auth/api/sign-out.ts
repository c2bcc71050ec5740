import { loadSupabase } from '@/lib/load-supabase';
import type { IdentityStore } from '../identity-store';

/**
 * Signs out; with removeLocalData the user's local database is deleted from this device too.
 * Offline the server call fails, so the stored session is dropped locally instead.
 */
export async function signOut(identity: IdentityStore | null, removeLocalData: boolean): Promise<void> {
  if (removeLocalData) {
    try {
      await identity?.writer()?.removeLocalData();
    } catch (error) {
      console.error('Removing local data failed', error);
    }
  }
  try {
    const supabase = await loadSupabase();
    const { error } = await supabase.auth.signOut();
    if (error) throw error;
  } catch (error) {
    console.warn('Server sign-out failed; signing out on this device', error);
    identity?.forgetSession();
  }
}
