/**
 * OAuth 2.1 server, part 2: the flow (GoTrue's internal/api/oauthserver/authorize.go):
 * /oauth/authorize → the app's consent page → /oauth/authorizations/{id}[/consent] → the client's
 * redirect_uri with a code (exchanged at /oauth/token, oauth-token.ts); discovery metadata. What a
 * request may ask for, and the redirects answering it: oauth-request.ts.
 * Invariants: nothing is redirected before the client and an exactly registered redirect_uri are
 * known (errors are JSON until then); PKCE is mandatory; an authorization request and its code
 * live authorization_ttl (10 min, the test clock decides) from /authorize, belong to the first user
 * who opens them, and a code is exchanged at most once (the row is deleted in the transaction
 * that issues the session); an approval stores the user's consent for the client, and a later
 * request within that consent's scopes is approved without asking; `openid` is
 * refused at /authorize because GoTrue signs ID tokens only with asymmetric keys and this backend
 * has only the HS256 secret. Local hardening: /authorize is limited per IP (routes.ts), a user
 * takes on at most authorizationsPerUser requests per 5 minutes and holds at most 20 unanswered
 * ones, and every /authorize sweeps away the requests past their lifetime.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Tx } from '../db/database';
import { header, send, sendJson } from '../http/util';
import type { Claims } from './jwt';
import { authError } from './errors';
import { jsonBody, type AuthContext } from './context';
import type { UserRow } from './users';
import { findClient, redirectUris, UUID_RE } from './oauth-clients';
import {
  authorizeParamProblem,
  DEFAULT_SCOPE,
  errorRedirect,
  parseScopes,
  successRedirect,
  SUPPORTED_SCOPES,
} from './oauth-request';

/** Local hardening (GoTrue has no cap): unanswered requests one user may hold at once. */
const MAX_PENDING_PER_USER = 20;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface AuthorizationRow {
  id: string;
  authorization_id: string;
  client_id: string;
  user_id: string | null;
  redirect_uri: string;
  scope: string;
  state: string | null;
  code_challenge: string | null;
  code_challenge_method: string | null;
  status: 'pending' | 'approved' | 'denied' | 'expired';
  authorization_code: string | null;
  expires_at: Date;
}

export type CurrentUser = (req: IncomingMessage) => Promise<{ user: UserRow; claims: Claims }>;

/** GoTrue's requireOAuthServerEnabled. */
export function requireOAuthServer(ctx: AuthContext): void {
  if (!ctx.oauth.enabled) throw authError(404, 'feature_disabled', 'OAuth server is disabled');
}

const notFound = (): Error => authError(404, 'oauth_authorization_not_found', 'authorization not found');

export class OAuthServerApi {
  constructor(
    private readonly ctx: AuthContext,
    private readonly currentUser: CurrentUser,
  ) {}

  private get cfg() {
    return this.ctx.oauth;
  }

  requireEnabled(): void {
    requireOAuthServer(this.ctx);
  }

  /** GET /oauth/authorize */
  async authorize(res: ServerResponse, url: URL): Promise<void> {
    this.requireEnabled();
    const q = (k: string): string => url.searchParams.get(k) ?? '';
    const clientId = q('client_id');
    const redirectUri = q('redirect_uri');
    const state = q('state') || null;
    if (!clientId) throw authError(400, 'validation_failed', 'client_id is required');
    if (!redirectUri) throw authError(400, 'validation_failed', 'redirect_uri is required');
    if (!UUID_RE.test(clientId)) throw authError(400, 'oauth_client_not_found', 'invalid client_id format');
    const client = await this.ctx.db.asSuperuser((tx) => findClient(tx, clientId));
    if (!client) throw authError(400, 'oauth_client_not_found', 'invalid client_id');
    // never redirect to an unregistered URI: it cannot be trusted with the error
    if (!redirectUris(client).includes(redirectUri)) throw authError(400, 'validation_failed', 'invalid redirect_uri');
    const redirectError = (error: string, description: string): void =>
      send(res, 302, null, { Location: errorRedirect(redirectUri, error, description, state) });

    const scope = q('scope') || DEFAULT_SCOPE;
    const problem = authorizeParamProblem(
      q('response_type') || 'code',
      scope,
      q('resource'),
      q('code_challenge'),
      q('code_challenge_method'),
    );
    if (problem) return redirectError('invalid_request', problem);
    if (parseScopes(scope).includes('openid')) {
      return redirectError(
        'invalid_scope',
        'openid needs an asymmetric JWT signing key for ID tokens; the local backend signs with HS256 only',
      );
    }
    if (!this.cfg.authorizationUrlPath) return redirectError('server_error', 'oauth authorization path not configured');
    const authorizationId = Array.from({ length: 32 }, () => ALNUM[randomInt(ALNUM.length)]).join('');
    const expiresAt = new Date(this.ctx.now() + this.cfg.authorizationTtlSeconds * 1000).toISOString();
    await this.ctx.db.asSuperuser(async (tx) => {
      // the expiry sweep: requests past their lifetime (answered or not) are gone for good
      await tx.query('delete from auth.oauth_authorizations where expires_at < $1', [
        new Date(this.ctx.now()).toISOString(),
      ]);
      await tx.query(
        `insert into auth.oauth_authorizations (authorization_id, client_id, redirect_uri, scope, state, resource,
           code_challenge, code_challenge_method, nonce, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          authorizationId,
          client.id,
          redirectUri,
          scope,
          state,
          q('resource') || null,
          q('code_challenge'),
          q('code_challenge_method').toLowerCase(),
          q('nonce') || null,
          new Date(this.ctx.now()).toISOString(),
          expiresAt,
        ],
      );
    });
    const page = this.cfg.authorizationUrlPath.startsWith('/')
      ? this.cfg.authorizationUrlPath
      : `/${this.cfg.authorizationUrlPath}`;
    return send(res, 302, null, { Location: `${this.ctx.redirects.site}${page}?authorization_id=${authorizationId}` });
  }

  /** GoTrue's validateRequestOrigin: a browser's Origin must be one of the site's redirect URLs. */
  private checkOrigin(req: IncomingMessage): void {
    const origin = header(req, 'origin');
    if (origin && !this.ctx.redirects.allowed(origin))
      throw authError(400, 'validation_failed', 'unauthorized request origin');
  }

  /** Locks the authorization; an expired pending one is marked expired (committed) and not found. */
  private async loadPending(
    tx: Tx,
    authorizationId: string,
    notPending: string,
  ): Promise<AuthorizationRow | 'expired'> {
    const r = await tx.query<AuthorizationRow>(
      'select * from auth.oauth_authorizations where authorization_id = $1 for update',
      [authorizationId],
    );
    const row = r.rows[0];
    if (!row) throw notFound();
    if (this.ctx.now() > new Date(row.expires_at).getTime()) {
      if (row.status !== 'pending') throw notFound();
      await tx.query(`update auth.oauth_authorizations set status = 'expired' where id = $1`, [row.id]);
      return 'expired';
    }
    if (row.status !== 'pending') throw authError(400, 'validation_failed', notPending);
    return row;
  }

  /** GET /oauth/authorizations/{id}: details for the consent page, or {redirect_url} when already consented. */
  async details(req: IncomingMessage, res: ServerResponse, authorizationId: string): Promise<void> {
    this.requireEnabled();
    this.checkOrigin(req);
    const { user } = await this.currentUser(req);
    const out = await this.ctx.db.asSuperuser(async (tx) => {
      const row = await this.loadPending(tx, authorizationId, 'authorization request cannot be processed');
      if (row === 'expired') return 'expired' as const;
      if (row.user_id && row.user_id !== user.id) throw notFound();
      if (!row.user_id) {
        this.ctx.limiter.checkAuthorizationForUser(user.id);
        const pending = await tx.query<{ n: number }>(
          `select count(*)::int as n from auth.oauth_authorizations
            where user_id = $1 and status = 'pending' and expires_at >= $2`,
          [user.id, new Date(this.ctx.now()).toISOString()],
        );
        if (pending.rows[0]!.n >= MAX_PENDING_PER_USER) {
          throw authError(429, 'over_request_rate_limit', 'Too many sign-in requests are waiting for an answer');
        }
        await tx.query('update auth.oauth_authorizations set user_id = $2 where id = $1', [row.id, user.id]);
        const consent = await tx.query<{ scopes: string }>(
          'select scopes from auth.oauth_consents where user_id = $1 and client_id = $2 and revoked_at is null',
          [user.id, row.client_id],
        );
        const granted = parseScopes(consent.rows[0]?.scopes ?? '');
        if (consent.rows[0] && parseScopes(row.scope).every((s) => granted.includes(s))) {
          return { redirect_url: successRedirect(row, await this.approve(tx, row)) };
        }
      }
      const client = await findClient(tx, row.client_id);
      if (!client) throw notFound();
      return { row, client };
    });
    if (out === 'expired') throw notFound();
    if ('redirect_url' in out) return sendJson(res, 200, out);
    const { row, client } = out;
    const c: Record<string, string> = { id: client.id };
    if (client.client_name) c.name = client.client_name;
    if (client.client_uri) c.uri = client.client_uri;
    if (client.logo_uri) c.logo_uri = client.logo_uri;
    const u: Record<string, string> = { id: user.id };
    if (user.email) u.email = user.email;
    return sendJson(res, 200, {
      authorization_id: row.authorization_id,
      redirect_uri: row.redirect_uri,
      client: c,
      user: u,
      scope: row.scope,
    });
  }

  private async approve(tx: Tx, row: AuthorizationRow): Promise<string> {
    const code = randomUUID();
    await tx.query(
      `update auth.oauth_authorizations set status = 'approved', approved_at = now(), authorization_code = $2 where id = $1`,
      [row.id, code],
    );
    return code;
  }

  /** POST /oauth/authorizations/{id}/consent {action: approve|deny} → {redirect_url}. */
  async consent(req: IncomingMessage, res: ServerResponse, authorizationId: string): Promise<void> {
    this.requireEnabled();
    this.checkOrigin(req);
    const { user } = await this.currentUser(req);
    const body = await jsonBody(req).catch(() => Promise.reject(authError(400, 'bad_json', 'invalid JSON body')));
    if (body.action !== 'approve' && body.action !== 'deny')
      throw authError(400, 'validation_failed', "action must be 'approve' or 'deny'");
    const out = await this.ctx.db.asSuperuser(async (tx) => {
      const row = await this.loadPending(tx, authorizationId, 'authorization request is no longer pending');
      if (row === 'expired') return 'expired' as const;
      if (row.user_id !== user.id) throw notFound();
      if (body.action === 'deny') {
        await tx.query(`update auth.oauth_authorizations set status = 'denied' where id = $1`, [row.id]);
        return errorRedirect(row.redirect_uri, 'access_denied', 'User denied the request', row.state);
      }
      const code = await this.approve(tx, row);
      // one consent per (user, client): its scopes become this request's, un-revoked
      await tx.query(
        `insert into auth.oauth_consents (user_id, client_id, scopes) values ($1, $2, $3)
         on conflict (user_id, client_id) do update set scopes = excluded.scopes, granted_at = now(), revoked_at = null`,
        [user.id, row.client_id, parseScopes(row.scope).join(' ')],
      );
      return successRedirect(row, code);
    });
    if (out === 'expired') throw notFound();
    return sendJson(res, 200, { redirect_url: out });
  }

  /** OIDC discovery / RFC 8414 metadata (one document, as GoTrue serves both). */
  metadata(): Record<string, unknown> {
    const issuer = this.ctx.issuer().replace(/\/+$/, '');
    return {
      issuer: this.ctx.issuer(),
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      userinfo_endpoint: `${issuer}/oauth/userinfo`,
      ...(this.cfg.enabled && this.cfg.allowDynamicRegistration
        ? { registration_endpoint: `${issuer}/oauth/clients/register` }
        : {}),
      scopes_supported: SUPPORTED_SCOPES,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256', 'HS256', 'ES256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      claims_supported: [
        'sub',
        'aud',
        'iss',
        'exp',
        'iat',
        'auth_time',
        'nonce',
        'email',
        'email_verified',
        'phone_number',
        'phone_number_verified',
        'name',
        'picture',
        'preferred_username',
        'updated_at',
      ],
      code_challenge_methods_supported: ['S256'],
    };
  }
}
