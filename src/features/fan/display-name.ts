/** The name in 'Welcome back, {name}' ('Welcome, {name}' on a first visit): user metadata first, then the e-mail's local part. */
import type { AuthUser } from '@/lib/auth-state';

export function fanDisplayName(user: AuthUser | null | undefined): string {
  const metadata: Record<string, unknown> = user?.user_metadata ?? {};
  for (const key of ['display_name', 'full_name', 'name', 'user_name']) {
    const value = metadata[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  const local = user?.email?.split('@')[0]?.trim();
  return local ? local : 'Fan';
}

const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;
const greetedKey = (userId: string) => `bucket-greeted:${userId}`;
// One answer per user and page load: the loading screen and the dashboard must say the same.
const decided = new Map<string, 'Welcome' | 'Welcome back'>();

/**
 * 'Welcome' on a brand-new fan's first dashboard, 'Welcome back' afterwards:
 * new means the account is less than a day old and this device has not greeted it before (the
 * device remembers it; a new device of an older account says 'Welcome back').
 */
export function fanGreetingWord(user: AuthUser | null | undefined, now = Date.now()): 'Welcome' | 'Welcome back' {
  if (!user?.id) return 'Welcome back';
  const known = decided.get(user.id);
  if (known) return known;
  const created = Date.parse(user.created_at ?? '');
  let greeted = true;
  try {
    greeted = window.localStorage.getItem(greetedKey(user.id)) !== null;
    window.localStorage.setItem(greetedKey(user.id), '1');
  } catch {
    // storage unavailable (private mode): greet as returning rather than every time as new
  }
  const word = !greeted && !Number.isNaN(created) && now - created < NEW_ACCOUNT_MS ? 'Welcome' : 'Welcome back';
  decided.set(user.id, word);
  return word;
}
