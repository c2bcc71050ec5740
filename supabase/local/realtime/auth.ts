/**
 * Token checks for the Realtime socket and channels, with Supabase Realtime's messages.
 * Invariants: a token is accepted only when it verifies with the backend's secret (HS256), is
 * unexpired, carries `exp` and one of the three API roles; every refusal names its reason in
 * Realtime's words ("<Code>: <message>" for a join reply, the bare message for a socket
 * handshake or a channel shutdown).
 */
import { JwtError, type Claims, type JwtKeys } from '../auth/jwt';

export type TokenCheck =
  | { ok: true; claims: Claims; exp: number }
  | { ok: false; code: string; message: string; kind: 'expired' | 'signature' | 'malformed' | 'claims' | 'role' | 'missing' };

function unverifiedExp(token: string): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp : undefined;
  } catch {
    return undefined;
  }
}

export async function checkToken(keys: JwtKeys, token: unknown): Promise<TokenCheck> {
  if (typeof token !== 'string' || token === '') return { ok: false, kind: 'missing', code: 'MissingAPIKey', message: 'API key is missing' };
  const clean = token.replace(/\s/g, '');
  try {
    const claims = await keys.verify(clean);
    if (typeof claims.exp !== 'number') {
      return { ok: false, kind: 'claims', code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
    }
    return { ok: true, claims, exp: claims.exp };
  } catch (e) {
    const je = e instanceof JwtError ? e : new JwtError('invalid', 'invalid JWT');
    if (je.reason === 'expired') {
      const exp = unverifiedExp(clean);
      const ago = exp === undefined ? 0 : Math.max(0, Math.floor(Date.now() / 1000) - exp);
      return { ok: false, kind: 'expired', code: 'InvalidJWTToken', message: `Token has expired ${ago} seconds ago` };
    }
    if (je.reason === 'role') return { ok: false, kind: 'role', code: 'Unauthorized', message: je.message };
    if (/signature/i.test(je.message)) return { ok: false, kind: 'signature', code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
    return { ok: false, kind: 'malformed', code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
}

/** The HTTP answer for a refused socket handshake (status, `{ error }` body), as Realtime's UserSocket. */
export function handshakeRefusal(check: Extract<TokenCheck, { ok: false }>): { status: number; error: string } {
  switch (check.kind) {
    case 'missing':
      return { status: 401, error: 'API key is missing' };
    case 'expired':
      return { status: 401, error: 'Token has expired' };
    default:
      return { status: 401, error: check.message };
  }
}
