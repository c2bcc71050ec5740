/**
 * The one rule for an OAuth redirect URI (OAuth 2.1 §2.3.1 and RFC 8252 §7.3), shared by the
 * register-app function, the local OAuth server, the developer portal's form and the consent
 * screen (public.developer_redirect_uris_valid is its SQL twin). Runtime-neutral, no imports.
 * A redirect URI is an absolute `https` URI, or `http` on a loopback host; no userinfo, no
 * fragment, no whitespace, control characters or commas (hosted Auth stores a client's URIs
 * comma-joined, so a comma would smuggle a second URI in), at most 2048 characters. URIs are
 * compared by exact string match, never normalised.
 */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Why `uri` cannot be a redirect URI, or null when it can. */
export function redirectUriProblem(uri: string): string | null {
  if (!uri) return 'is empty';
  if (uri.length > 2048) return 'is longer than 2048 characters';
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f,]/.test(uri)) return 'contains whitespace or a comma';
  if (uri.includes('#')) return 'has a fragment';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URI';
  }
  if (url.username || url.password || /^[a-z]+:\/\/[^/?]*@/i.test(uri)) return 'has a user name or password';
  if (url.protocol === 'https:') return url.hostname ? null : 'has no host';
  if (url.protocol === 'http:') return LOOPBACK_HOSTS.includes(url.hostname) ? null : 'uses http:// off loopback';
  return `uses the ${url.protocol} scheme`;
}
