/**
 * /auth/v1 — the GoTrue endpoints @supabase/supabase-js calls.
 * Invariants: every error is GoTrue-shaped; per-IP rate limits are checked before any database
 * work, as GoTrue's limiters run before its handlers (/token, /verify, /signup, /recover, /otp,
 * PUT /user); a password sign-in for an account with too many recent wrong passwords answers 429
 * even with the right password; sign-up returns a session at once unless e-mail confirmation is
 * on; a password change signs out the user's other sessions; an e-mail change waits for the
 * confirmation mails (flows.ts); /admin/* is served by admin.ts to the service role only; a
 * password over 72 bytes is refused as GoTrue does (400 validation_failed) and never signs in;
 * the OAuth 2.1 server's routes (/oauth/*, /user/oauth/grants, /.well-known/*) are served by
 * oauth-server.ts, oauth-token.ts, oauth-grants.ts and oauth-clients.ts, and answer 404 feature_disabled when it is off.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JwtError, type Claims } from './jwt';
import { header, sendJson, send } from '../http/util';
import { userJson, type UserRow } from './users';
import { authError } from './errors';
import type { IpLimit } from './ratelimit';
import { checkPassword, jsonBody, objectOrEmpty, requireEmail, sendLinkMail, verifyLink, type AuthContext, type Body } from './context';
import { otp, recover, startEmailChange, verifyPost, verifyRedirect } from './flows';
import { AdminApi } from './admin';
import { OAuthServerApi } from './oauth-server';
import { OAuthClientsApi } from './oauth-clients';
import { OAuthTokenApi } from './oauth-token';
import { OAuthGrantsApi } from './oauth-grants';

const LIMITED: Partial<Record<string, IpLimit>> = {
  'POST /signup': 'signup',
  'POST /recover': 'recover',
  'POST /otp': 'otp',
  'POST /magiclink': 'otp',
  'POST /resend': 'resend',
  'POST /token': 'token',
  'GET /verify': 'verify',
  'POST /verify': 'verify',
  'PUT /user': 'user',
  'POST /oauth/token': 'token',
  'GET /oauth/authorize': 'authorize',
  'POST /oauth/clients/register': 'signup',
};

/** An authorization id from the path: GoTrue's 32 letters and digits, else not found (never a 500). */
function authorizationIdOf(raw: string): string {
  let id = '';
  try {
    id = decodeURIComponent(raw);
  } catch {
    /* malformed percent-encoding: not an id */
  }
  if (!/^[A-Za-z0-9]{1,64}$/.test(id)) throw authError(404, 'oauth_authorization_not_found', 'authorization not found');
  return id;
}

export class AuthApi {
  private readonly admin: AdminApi;
  readonly oauth: OAuthServerApi;
  private readonly clients: OAuthClientsApi;
  private readonly oauthToken: OAuthTokenApi;
  private readonly grants: OAuthGrantsApi;
  constructor(private readonly ctx: AuthContext) {
    this.admin = new AdminApi(ctx);
    this.oauth = new OAuthServerApi(ctx, (req) => this.currentUser(req));
    this.clients = new OAuthClientsApi(ctx);
    this.oauthToken = new OAuthTokenApi(ctx);
    this.grants = new OAuthGrantsApi(
      ctx,
      (req) => this.currentUser(req),
      (req) => this.currentUser(req, 'user or app'),
    );
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const route = `${method} ${path}`;
    const limit = LIMITED[route];
    if (limit) this.ctx.limiter.checkIp(limit, req.socket.remoteAddress ?? 'unknown');
    if (path === '/admin' || path.startsWith('/admin/')) return this.admin.handle(req, res, method, path.slice('/admin'.length), url);
    const authz = /^\/oauth\/authorizations\/([^/]+)(\/consent)?$/.exec(path);
    if (authz) {
      const id = authorizationIdOf(authz[1]!);
      if (!authz[2] && method === 'GET') return this.oauth.details(req, res, id);
      if (authz[2] && method === 'POST') return this.oauth.consent(req, res, id);
    }
    switch (route) {
      case 'GET /.well-known/jwks.json':
        // GoTrue never publishes a symmetric key; with only the HS256 secret the set is empty
        return sendJson(res, 200, { keys: [] }, { 'Cache-Control': 'public, max-age=600' });
      case 'GET /.well-known/openid-configuration':
        return sendJson(res, 200, this.oauth.metadata(), { 'Cache-Control': 'public, max-age=600' });
      case 'GET /.well-known/oauth-authorization-server':
        this.oauth.requireEnabled();
        return sendJson(res, 200, this.oauth.metadata(), { 'Cache-Control': 'public, max-age=600' });
      case 'GET /oauth/authorize':
        return this.oauth.authorize(res, url);
      case 'POST /oauth/token':
        return this.oauthToken.token(req, res);
      case 'GET /oauth/userinfo':
        return this.grants.userinfo(req, res);
      case 'POST /oauth/clients/register':
        this.oauth.requireEnabled();
        if (!this.ctx.oauth.allowDynamicRegistration) {
          throw authError(403, 'oauth_dynamic_client_registration_disabled', 'Dynamic client registration is not enabled');
        }
        return this.clients.register(req, res, 'dynamic');
      case 'GET /user/oauth/grants':
        return this.grants.listGrants(req, res);
      case 'DELETE /user/oauth/grants':
        return this.grants.revokeGrant(req, res, url);
      case 'GET /health':
        return sendJson(res, 200, { version: 'local', name: 'GoTrue', description: 'Bucket local auth' });
      case 'GET /settings':
        return sendJson(res, 200, {
          external: { email: true, phone: false, google: false, facebook: false, github: false, apple: false, anonymous_users: false },
          disable_signup: !this.ctx.settings.enableSignup,
          mailer_autoconfirm: !this.ctx.settings.emailConfirm,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: false,
        });
      case 'GET /authorize': {
        const provider = url.searchParams.get('provider') ?? '';
        if (!provider) throw authError(400, 'validation_failed', 'Unsupported provider: missing provider');
        throw authError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
      }
      case 'POST /signup':
        return this.signup(res, await jsonBody(req), url);
      case 'POST /token':
        return this.token(res, url.searchParams.get('grant_type'), await jsonBody(req));
      case 'GET /user': {
        const { user } = await this.currentUser(req);
        return sendJson(res, 200, userJson(user));
      }
      case 'PUT /user':
        return this.updateUser(req, res, await jsonBody(req), url);
      case 'POST /logout': {
        const { claims } = await this.currentUser(req);
        await this.ctx.service.logout(String(claims.sub), String(claims.session_id ?? ''), url.searchParams.get('scope') ?? 'global');
        return send(res, 204, null);
      }
      case 'POST /recover':
        return recover(this.ctx, res, await jsonBody(req), url.searchParams.get('redirect_to'));
      case 'POST /otp':
      case 'POST /magiclink':
        return otp(this.ctx, res, await jsonBody(req), url.searchParams.get('redirect_to'));
      case 'GET /verify':
        return verifyRedirect(this.ctx, res, url);
      case 'POST /verify':
        return verifyPost(this.ctx, res, await jsonBody(req));
      case 'POST /resend':
      case 'POST /invite':
      case 'GET /reauthenticate':
        throw authError(501, 'not_implemented', `${route} is not implemented by the local backend`);
      default:
        throw authError(404, 'not_found', 'Not Found');
    }
  }

  private async signup(res: ServerResponse, body: Body, url: URL): Promise<void> {
    if (!this.ctx.settings.enableSignup) throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const email = requireEmail(body.email);
    const password = checkPassword(this.ctx, body.password);
    const data = objectOrEmpty(body.data);
    const { service, settings } = this.ctx;
    const hash = await service.hashPassword(password);
    const redirect = this.ctx.redirects.resolve(url.searchParams.get('redirect_to'), '/');
    const result = await this.ctx.db.asSuperuser(async (tx) => {
      if (await service.findByEmail(tx, email)) throw authError(422, 'user_already_exists', 'User already registered');
      const user = await service.createUser(tx, email, hash, data, !settings.emailConfirm);
      if (!settings.emailConfirm) return { session: await service.startSession(tx, user, 'password') };
      const { token, otp: code } = await service.createOneTimeToken(tx, user, 'confirmation', redirect);
      const r = await tx.query<UserRow>('update auth.users set confirmation_sent_at = now() where id = $1 returning *', [user.id]);
      return { user: r.rows[0]!, token, otp: code };
    });
    if ('session' in result) return sendJson(res, 200, result.session);
    sendLinkMail(this.ctx, email, 'confirmation', verifyLink(this.ctx, result.token, 'signup', redirect), result.otp);
    return sendJson(res, 200, userJson(result.user));
  }

  private async token(res: ServerResponse, grant: string | null, body: Body): Promise<void> {
    const { service, limiter, db } = this.ctx;
    if (grant === 'refresh_token') {
      if (typeof body.refresh_token !== 'string' || !body.refresh_token) throw authError(400, 'validation_failed', 'Refresh Token is missing');
      return sendJson(res, 200, await service.refresh(body.refresh_token));
    }
    if (grant !== 'password') throw authError(400, 'validation_failed', 'unsupported_grant_type');
    if (typeof body.email !== 'string' || typeof body.password !== 'string') {
      throw authError(400, 'validation_failed', 'Only an email address or phone number should be provided on login.');
    }
    const email = body.email.trim().toLowerCase();
    limiter.checkPasswordAllowed(email);
    const user = await db.asSuperuser((tx) => service.findByEmail(tx, email));
    if (!user || !(await service.checkPassword(body.password, user.encrypted_password))) {
      limiter.passwordFailed(email);
      throw authError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
    if (user.banned_until && new Date(user.banned_until).getTime() > Date.now()) throw authError(400, 'user_banned', 'User is banned');
    return sendJson(res, 200, await db.asSuperuser((tx) => service.startSession(tx, user, 'password')));
  }

  /**
   * Resolves the bearer token to a live user + session (GoTrue's requireAuthentication). Only the
   * user's own session acts on the account: a token issued to an OAuth client (`client_id`) is
   * refused unless the route serves apps (`/oauth/userinfo`). Stricter than hosted GoTrue, which
   * takes app tokens everywhere (supabase/local/README.md, docs/mediaid.md).
   */
  private async currentUser(req: IncomingMessage, caller: 'user' | 'user or app' = 'user'): Promise<{ user: UserRow; claims: Claims }> {
    const m = /^Bearer\s+(.+)$/i.exec(header(req, 'authorization') ?? '');
    if (!m?.[1]) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: Claims;
    try {
      claims = await this.ctx.keys.verify(m[1]);
    } catch (e) {
      const msg = e instanceof JwtError && e.reason === 'expired' ? 'token has invalid claims: token is expired' : 'invalid JWT: unable to parse or verify signature';
      throw authError(403, 'bad_jwt', msg);
    }
    if (typeof claims.sub !== 'string') throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (caller === 'user' && claims.client_id !== undefined) {
      throw authError(403, 'oauth_client_token_not_allowed', 'Tokens issued to OAuth clients cannot use this endpoint');
    }
    return this.ctx.db.asSuperuser(async (tx) => {
      const user = await this.ctx.service.findById(tx, claims.sub!);
      if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      if (typeof claims.session_id !== 'string' || !(await this.ctx.service.sessionExists(tx, claims.session_id))) {
        throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
      return { user, claims };
    });
  }

  private async updateUser(req: IncomingMessage, res: ServerResponse, body: Body, url: URL): Promise<void> {
    const { user, claims } = await this.currentUser(req);
    const { service, db } = this.ctx;
    if (body.app_metadata !== undefined) throw authError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
    let hash: string | undefined;
    if (body.password !== undefined) {
      const password = checkPassword(this.ctx, body.password);
      if (await service.checkPassword(password, user.encrypted_password)) {
        throw authError(422, 'same_password', 'New password should be different from the old password.');
      }
      hash = await service.hashPassword(password);
    }
    let email: string | undefined;
    if (body.email !== undefined) {
      email = requireEmail(body.email);
      if (email === user.email) email = undefined;
    }
    const data = body.data === undefined ? null : objectOrEmpty(body.data);
    const redirect = this.ctx.redirects.resolve(url.searchParams.get('redirect_to'), '/');
    let mails: (() => void) | undefined;
    const updated = await db.asSuperuser(async (tx) => {
      if (data) {
        await tx.query(`update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = now() where id = $1`, [user.id, JSON.stringify(data)]);
      }
      if (hash) await service.updatePassword(tx, user.id, hash, String(claims.session_id));
      if (email) mails = await startEmailChange(this.ctx, tx, (await service.findById(tx, user.id))!, email, redirect);
      return (await service.findById(tx, user.id))!;
    });
    mails?.();
    return sendJson(res, 200, userJson(updated));
  }
}
