/** The signed-in user's own name for a dashboard header: never an e-mail address or its local part. */

const NAME_KEYS = ['display_name', 'full_name', 'name', 'user_name'] as const;

const looksLikeEmail = (value: string) => /\S+@\S+/.test(value);

/** The profile's display name, else a name from the sign-up metadata; null when the user has none. */
export function ownDisplayName(
  profileName: string | null | undefined,
  metadata: Record<string, unknown> = {},
): string | null {
  const candidates = [profileName, ...NAME_KEYS.map((key) => metadata[key])];
  for (const value of candidates) {
    if (typeof value === 'string' && value.trim() && !looksLikeEmail(value)) return value.trim();
  }
  return null;
}
