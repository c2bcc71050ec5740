/** The name in 'Welcome back, {name}': user metadata first, then the e-mail's local part. */
import type { AuthUser } from '../../lib/auth-state';

export function fanDisplayName(user: AuthUser | null | undefined): string {
  const metadata: Record<string, unknown> = user?.user_metadata ?? {};
  for (const key of ['display_name', 'full_name', 'name', 'user_name']) {
    const value = metadata[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  const local = user?.email?.split('@')[0]?.trim();
  return local ? local : 'Fan';
}
