/**
 * OAuth 2.1 server, part 3: the token endpoint (GoTrue's handlers.go OAuthToken) and PKCE.
 * Invariants: the client authenticates exactly by its registered method before any grant is
 * looked at; a code is valid only while its authorization request lives, only for its client and
 * redirect_uri, only with the verifier of its S256 challenge, and only once — the transaction
 * that issues the session records it on the row (concurrent exchanges: one wins), and a replay
 * ends that session and its refresh tokens (OAuth 2.1 §4.1.3);
 * a refresh token is refreshed only by the client its session was issued to (service.ts);
 * errors are RFC 6749's `{error, error_description}` (400) or GoTrue's for client credentials.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_BODY_LIMIT, header, parseJson, readBody, sendJson } from '../http/util';
import { oauthError } from './errors';
import type { AuthContext } from './context';
import { OAUTH_CODE_AMR } from './service';
import { authenticateClient, clientCredentials } from './oauth-client-auth';
import { grantTypes, type OAuthClientRow } from './oauth-clients';
import { requireOAuthServer, type AuthorizationRow } from './oauth-server';

/** RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function pkceMatches(challenge: string, method: string | null, verifier: string): string | undefined {
  const expected = method === 's256' ? s256(verifier) : undefined;
  if (expected === undefined) return 'code challenge method not supported';
  const a = Buffer.from(challenge);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b)
    ? undefined
    : 'code challenge does not match previously saved code verifier';
}

export class OAuthTokenApi {
  constructor(private readonly ctx: AuthContext) {}

  /** POST /oauth/token (authorization_code, refresh_token), JSON or form body. */
  async token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    requireOAuthServer(this.ctx);
    const raw = await readBody(req, JSON_BODY_LIMIT);
    const params: Record<string, string> = {};
    if ((header(req, 'content-type') ?? '').includes('application/json')) {
      const v = parseJson(raw, () => oauthError('invalid_request', 'Invalid JSON body'));
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        for (const [k, x] of Object.entries(v)) if (typeof x === 'string') params[k] = x;
      }
    } else {
      for (const [k, x] of new URLSearchParams(raw.toString('utf8'))) params[k] ??= x;
    }
    const creds = clientCredentials(header(req, 'authorization'), params);
    const client = await this.ctx.db.asSuperuser((tx) => authenticateClient(tx, creds));
    const grant = params.grant_type ?? '';
    if (!grant) throw oauthError('invalid_request', 'grant_type is required');
    if (!grantTypes(client).includes(grant))
      throw oauthError('unsupported_grant_type', `Client is not allowed to use grant type: ${grant}`);
    let session;
    if (grant === 'authorization_code') session = await this.exchangeCode(client, params);
    else if (grant === 'refresh_token') {
      if (!params.refresh_token)
        throw oauthError('invalid_request', 'refresh_token is required for refresh_token grant');
      session = await this.ctx.service.refresh(params.refresh_token, client.id);
    } else throw oauthError('unsupported_grant_type', `Unsupported grant type: ${grant}`);
    // the OAuth response leaves the user object out
    const { access_token, token_type, expires_in, refresh_token } = session;
    return sendJson(res, 200, { access_token, token_type, expires_in, refresh_token }, { 'Cache-Control': 'no-store' });
  }

  private async exchangeCode(client: OAuthClientRow, p: Record<string, string>) {
    if (!p.code) throw oauthError('invalid_request', 'code is required for authorization_code grant');
    const out = await this.ctx.db.asSuperuser(async (tx) => {
      const r = await tx.query<AuthorizationRow & { resource: string | null; session_id: string | null }>(
        `select * from auth.oauth_authorizations where authorization_code = $1 and status = 'approved' for update`,
        [p.code],
      );
      const row = r.rows[0];
      if (!row) throw oauthError('invalid_grant', 'Invalid authorization code');
      if (row.session_id) {
        // replayed: end what the first exchange issued (its refresh tokens go with the session)
        await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
        return 'replayed' as const; // commit the revocation, then answer the error
      }
      if (this.ctx.now() > new Date(row.expires_at).getTime())
        throw oauthError('invalid_grant', 'Authorization code has expired');
      if (row.client_id !== client.id)
        throw oauthError('invalid_grant', 'Authorization code was not issued for this client');
      if (p.resource && p.resource !== (row.resource ?? '')) {
        throw oauthError('invalid_grant', 'Authorization code resource does not match the resource parameter');
      }
      if (p.redirect_uri && p.redirect_uri !== row.redirect_uri)
        throw oauthError('invalid_grant', 'Invalid redirect_uri');
      if (row.code_challenge) {
        if (!p.code_verifier)
          throw oauthError(
            'invalid_grant',
            'PKCE verification failed: code_verifier is required when PKCE challenge is present',
          );
        const problem = pkceMatches(row.code_challenge, row.code_challenge_method, p.code_verifier);
        if (problem) throw oauthError('invalid_grant', `PKCE verification failed: ${problem}`);
      }
      const user = row.user_id ? await this.ctx.service.findById(tx, row.user_id) : undefined;
      if (!user) throw oauthError('invalid_grant', 'User not found for authorization code');
      if (user.banned_until && new Date(user.banned_until).getTime() > Date.now())
        throw oauthError('access_denied', 'User is banned');
      const sessionId = randomUUID();
      const session = await this.ctx.service.startSession(
        tx,
        user,
        OAUTH_CODE_AMR,
        { clientId: client.id, scopes: row.scope },
        sessionId,
      );
      // codes are single-use: the row stays until it expires only to recognise a replay
      await tx.query('update auth.oauth_authorizations set session_id = $2 where id = $1', [row.id, sessionId]);
      return session;
    });
    if (out === 'replayed') throw oauthError('invalid_grant', 'Invalid authorization code');
    return out;
  }
}
