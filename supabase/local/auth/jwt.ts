/**
 * JWT signing and verification (HS256, jose) shared by auth, rest and storage.
 * Invariants: only HS256 tokens signed with the backend's secret verify; expiry is always
 * checked; the database role is derived from the `role` claim and must be one of the three
 * API roles — anything else is rejected, so a token can never select an arbitrary DB role.
 */
import { SignJWT, jwtVerify, errors } from 'jose';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';
export type Claims = Record<string, unknown> & { role: ApiRole; sub?: string; exp?: number };

export class JwtError extends Error {
  constructor(
    readonly reason: 'missing' | 'invalid' | 'expired' | 'role',
    message: string,
  ) {
    super(message);
  }
}

export class JwtKeys {
  private readonly key: Uint8Array;
  constructor(readonly secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(payload: Record<string, unknown>): Promise<string> {
    return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(this.key);
  }

  /** Verifies signature and expiry only (signed storage URLs carry no role). */
  async verifyAny(token: string): Promise<Record<string, unknown>> {
    const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
    return payload;
  }

  async verify(token: string): Promise<Claims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] }));
    } catch (e) {
      if (e instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
      if (e instanceof errors.JWSSignatureVerificationFailed)
        throw new JwtError('invalid', 'JWSError JWSInvalidSignature');
      throw new JwtError(
        'invalid',
        token.split('.').length !== 3
          ? 'JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts)'
          : `JWSError ${e instanceof Error ? e.message : 'invalid token'}`,
      );
    }
    const role = payload.role;
    if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
      throw new JwtError('role', `JWT role "${String(role)}" is not allowed`);
    }
    return payload as Claims;
  }
}

/** Bearer token from Authorization, else the apikey header (as Supabase's gateway does). */
export function tokenFromHeaders(authorization: string | undefined, apikey: string | undefined): string | undefined {
  if (authorization) {
    const m = /^Bearer\s+(.+)$/i.exec(authorization.trim());
    if (m?.[1]) return m[1].trim();
  }
  return apikey?.trim() || undefined;
}
