/** A `redirect` search value a sign-in may go back to: a path of this app only (never another origin). */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2048) return undefined;
  // '//host' and '/\host' are other origins to a browser; control characters are never a path.
  if (value.startsWith('//') || value.includes('\\')) return undefined;
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return undefined;
  return value;
}
