/** The name in 'Welcome back, {name}': user metadata first, then the e-mail's local part. */
import type { AuthUser } from '../../lib/auth-state';

const METADATA_KEYS = ['display_name', 'full_name', 'name', 'user_name'] as const;

export function fanDisplayName(user: AuthUser | null | undefined): string {
  const metadata = user?.user_metadata ?? {};
  for (const key of METADATA_KEYS) {
    const value = metadata[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  const local = user?.email?.split('@')[0]?.trim();
  return local ? local : 'Fan';
}
