/** Reads the session supabase-js keeps in storage. Pure apart from the storage passed in. */
import type { AuthSession } from './auth-state';

/**
 * supabase-js reports no session when the access token has expired and the refresh failed on
 * the network, but it keeps the stored session (it only removes it on a definitive refusal).
 * That stored session lets a signed-in user keep working offline until the refresh succeeds.
 */
export function readStoredSession(storage: Pick<Storage, 'getItem'>, key: string): AuthSession | null {
  let raw: string | null = null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<AuthSession> | null;
    if (!parsed || typeof parsed.access_token !== 'string' || typeof parsed.refresh_token !== 'string') return null;
    if (!parsed.user || typeof parsed.user.id !== 'string') return null;
    return parsed as AuthSession;
  } catch {
    return null;
  }
}
