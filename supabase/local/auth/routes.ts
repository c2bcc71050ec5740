/**
 * /auth/v1 — the GoTrue endpoints @supabase/supabase-js calls.
 * Invariants: every error is GoTrue-shaped; sign-up returns a session at once unless e-mail
 * confirmation is on; recovery/confirmation links go through GET /verify, which redirects to
 * an allowed URL (localhost or SITE_URL) carrying the tokens in the query AND the hash.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '../db/database';
import { JwtError, type JwtKeys, type Claims } from './jwt';
import { header, readBody, parseJson, sendJson, send, JSON_BODY_LIMIT } from '../http/util';
import { AuthService, userJson, type UserRow } from './service';
import { authError } from './errors';
import type { Mailer } from './mail';

export interface AuthOptions {
  siteUrl: string;
  publicUrl: () => string;
  emailConfirm: boolean;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class AuthApi {
  constructor(
    private readonly db: Database,
    private readonly keys: JwtKeys,
    private readonly service: AuthService,
    private readonly mailer: Mailer,
    private readonly opts: AuthOptions,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const route = `${method} ${path}`;
    switch (route) {
      case 'GET /health':
        return sendJson(res, 200, { version: 'local', name: 'GoTrue', description: 'Bucket local auth' });
      case 'GET /settings':
        return sendJson(res, 200, {
          external: { email: true, phone: false, google: false, facebook: false, github: false, apple: false, anonymous_users: false },
          disable_signup: false,
          mailer_autoconfirm: !this.opts.emailConfirm,
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
        return this.signup(res, await this.body(req), url);
      case 'POST /token':
        return this.token(res, url.searchParams.get('grant_type'), await this.body(req));
      case 'GET /user': {
        const { user } = await this.currentUser(req);
        return sendJson(res, 200, userJson(user));
      }
      case 'PUT /user':
        return this.updateUser(req, res, await this.body(req));
      case 'POST /logout': {
        const { claims } = await this.currentUser(req);
        await this.service.logout(String(claims.sub), String(claims.session_id ?? ''), url.searchParams.get('scope') ?? 'global');
        return send(res, 204, null);
      }
      case 'POST /recover':
        return this.recover(res, await this.body(req), url.searchParams.get('redirect_to'));
      case 'POST /otp':
        return this.otp(res, await this.body(req), url.searchParams.get('redirect_to'));
      case 'GET /verify':
        return this.verifyRedirect(res, url);
      case 'POST /verify':
        return this.verifyPost(res, await this.body(req));
      default:
        throw authError(404, 'not_found', 'Not Found');
    }
  }

  private async body(req: IncomingMessage): Promise<Record<string, unknown>> {
    const v = parseJson(await readBody(req, JSON_BODY_LIMIT), (m) => authError(400, 'bad_json', `Could not parse request body as JSON: ${m}`));
    if (v === undefined) return {};
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw authError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
    return v as Record<string, unknown>;
  }

  private allowedRedirect(raw: string | null | undefined, fallbackPath: string): string {
    const site = this.opts.siteUrl.replace(/\/$/, '');
    if (raw) {
      try {
        const u = new URL(raw);
        const local = ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
        if ((u.protocol === 'http:' || u.protocol === 'https:') && (local || u.origin === new URL(site).origin)) return u.toString();
      } catch {
        /* fall through to the site URL */
      }
    }
    return site + fallbackPath;
  }

  private validateCredentials(email: unknown, password: unknown): { email: string; password: string } {
    if (typeof email !== 'string' || !EMAIL_RE.test(email.trim())) {
      throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    if (typeof password !== 'string' || password.length < 6) {
      throw authError(422, 'weak_password', 'Password should be at least 6 characters.', { weak_password: { reasons: ['length'] } });
    }
    return { email: email.trim().toLowerCase(), password };
  }

  private async signup(res: ServerResponse, body: Record<string, unknown>, url: URL): Promise<void> {
    const { email, password } = this.validateCredentials(body.email, body.password);
    const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {};
    const hash = await this.service.hashPassword(password);
    const redirect = this.allowedRedirect(url.searchParams.get('redirect_to'), '/');
    const result = await this.db.asSuperuser(async (tx) => {
      if (await this.service.findByEmail(tx, email)) throw authError(422, 'user_already_exists', 'User already registered');
      const user = await this.service.createUser(tx, email, hash, data, !this.opts.emailConfirm);
      if (!this.opts.emailConfirm) return { session: await this.service.startSession(tx, user, 'password') };
      const { token, otp } = await this.service.createOneTimeToken(tx, user, 'confirmation', redirect);
      const r = await tx.query<UserRow>('update auth.users set confirmation_sent_at = now() where id = $1 returning *', [user.id]);
      return { user: r.rows[0]!, token, otp };
    });
    if ('session' in result) return sendJson(res, 200, result.session);
    const link = `${this.opts.publicUrl()}/auth/v1/verify?token=${result.token}&type=signup&redirect_to=${encodeURIComponent(redirect)}`;
    this.mailer.send({
      to: email,
      type: 'confirmation',
      subject: 'Confirm Your Signup',
      text: `Follow this link to confirm your user:\n${link}\nOr enter the code: ${result.otp}`,
      html: `<h2>Confirm your signup</h2><p><a href="${link}">Confirm your mail</a></p><p>Code: ${result.otp}</p>`,
      link,
      otp: result.otp,
    });
    return sendJson(res, 200, userJson(result.user));
  }

  private async token(res: ServerResponse, grant: string | null, body: Record<string, unknown>): Promise<void> {
    if (grant === 'refresh_token') {
      if (typeof body.refresh_token !== 'string' || !body.refresh_token) throw authError(400, 'validation_failed', 'Refresh Token is missing');
      return sendJson(res, 200, await this.service.refresh(body.refresh_token));
    }
    if (grant !== 'password') throw authError(400, 'validation_failed', 'unsupported_grant_type');
    if (typeof body.email !== 'string' || typeof body.password !== 'string') {
      throw authError(400, 'validation_failed', 'Only an email address or phone number should be provided on login.');
    }
    const email = body.email.trim().toLowerCase();
    const password = body.password;
    const user = await this.db.asSuperuser((tx) => this.service.findByEmail(tx, email));
    if (!user || !(await this.service.checkPassword(password, user.encrypted_password))) {
      throw authError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
    return sendJson(res, 200, await this.db.asSuperuser((tx) => this.service.startSession(tx, user, 'password')));
  }

  /** Resolves the bearer token to a live user + session (GoTrue's requireAuthentication). */
  private async currentUser(req: IncomingMessage): Promise<{ user: UserRow; claims: Claims }> {
    const m = /^Bearer\s+(.+)$/i.exec(header(req, 'authorization') ?? '');
    if (!m?.[1]) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: Claims;
    try {
      claims = await this.keys.verify(m[1]);
    } catch (e) {
      const msg = e instanceof JwtError && e.reason === 'expired' ? 'token has invalid claims: token is expired' : 'invalid JWT: unable to parse or verify signature';
      throw authError(403, 'bad_jwt', msg);
    }
    if (typeof claims.sub !== 'string') throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    return this.db.asSuperuser(async (tx) => {
      const user = await this.service.findById(tx, claims.sub!);
      if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
      if (typeof claims.session_id !== 'string' || !(await this.service.sessionExists(tx, claims.session_id))) {
        throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      }
      return { user, claims };
    });
  }

  private async updateUser(req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>): Promise<void> {
    const { user } = await this.currentUser(req);
    let hash: string | undefined;
    if (body.password !== undefined) {
      if (typeof body.password !== 'string' || body.password.length < 6) {
        throw authError(422, 'weak_password', 'Password should be at least 6 characters.', { weak_password: { reasons: ['length'] } });
      }
      if (await this.service.checkPassword(body.password, user.encrypted_password)) {
        throw authError(422, 'same_password', 'New password should be different from the old password.');
      }
      hash = await this.service.hashPassword(body.password);
    }
    let email: string | undefined;
    if (body.email !== undefined) {
      if (typeof body.email !== 'string' || !EMAIL_RE.test(body.email)) throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
      email = body.email.toLowerCase();
    }
    const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? body.data : null;
    const updated = await this.db.asSuperuser(async (tx) => {
      if (email && email !== user.email && (await this.service.findByEmail(tx, email))) {
        throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      const r = await tx.query<UserRow>(
        `update auth.users set encrypted_password = coalesce($2, encrypted_password), email = coalesce($3, email),
           raw_user_meta_data = raw_user_meta_data || coalesce($4::jsonb, '{}'::jsonb), updated_at = now()
         where id = $1 returning *`,
        [user.id, hash ?? null, email ?? null, data ? JSON.stringify(data) : null],
      );
      return r.rows[0]!;
    });
    return sendJson(res, 200, userJson(updated));
  }

  private async recover(res: ServerResponse, body: Record<string, unknown>, redirectTo: string | null): Promise<void> {
    if (typeof body.email !== 'string' || !EMAIL_RE.test(body.email.trim())) {
      throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    const redirect = this.allowedRedirect(redirectTo, '/reset-password');
    const sent = await this.db.asSuperuser(async (tx) => {
      const user = await this.service.findByEmail(tx, String(body.email).trim());
      if (!user) return undefined; // no account enumeration: same 200 answer
      const t = await this.service.createOneTimeToken(tx, user, 'recovery', redirect);
      await tx.query('update auth.users set recovery_sent_at = now() where id = $1', [user.id]);
      return { user, ...t };
    });
    if (sent) {
      const link = `${this.opts.publicUrl()}/auth/v1/verify?token=${sent.token}&type=recovery&redirect_to=${encodeURIComponent(redirect)}`;
      this.mailer.send({
        to: sent.user.email,
        type: 'recovery',
        subject: 'Reset Your Password',
        text: `Follow this link to reset the password for your user:\n${link}\nOr enter the code: ${sent.otp}`,
        html: `<h2>Reset Password</h2><p><a href="${link}">Reset Password</a></p><p>Code: ${sent.otp}</p>`,
        link,
        otp: sent.otp,
      });
    }
    return sendJson(res, 200, {});
  }

  private async otp(res: ServerResponse, body: Record<string, unknown>, redirectTo: string | null): Promise<void> {
    if (typeof body.email !== 'string' || !EMAIL_RE.test(body.email.trim())) {
      throw authError(400, 'validation_failed', 'Only an email address or phone number should be provided.');
    }
    const redirect = this.allowedRedirect(redirectTo, '/');
    const sent = await this.db.asSuperuser(async (tx) => {
      const user = await this.service.findByEmail(tx, String(body.email).trim());
      if (!user) throw authError(422, 'otp_disabled', 'Signups not allowed for otp');
      return { user, ...(await this.service.createOneTimeToken(tx, user, 'magiclink', redirect)) };
    });
    const link = `${this.opts.publicUrl()}/auth/v1/verify?token=${sent.token}&type=magiclink&redirect_to=${encodeURIComponent(redirect)}`;
    this.mailer.send({ to: sent.user.email, type: 'magiclink', subject: 'Your Magic Link', text: `Follow this link to login:\n${link}\nOr enter the code: ${sent.otp}`, link, otp: sent.otp });
    return sendJson(res, 200, {});
  }

  private tokenTypes(type: string): string[] {
    if (type === 'signup' || type === 'email' || type === 'invite') return ['confirmation', 'magiclink'];
    if (type === 'recovery') return ['recovery'];
    if (type === 'magiclink') return ['magiclink'];
    return [];
  }

  private async verifyAndLogin(type: string, token: string, email?: string) {
    return this.db.asSuperuser(async (tx) => {
      const hit = await this.service.consumeOneTimeToken(tx, this.tokenTypes(type), token, email);
      if (!hit) return undefined;
      await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [hit.user.id]);
      const user = (await this.service.findById(tx, hit.user.id))!;
      return { session: await this.service.startSession(tx, user, type === 'recovery' ? 'recovery' : 'otp'), redirectTo: hit.redirectTo };
    });
  }

  private async verifyRedirect(res: ServerResponse, url: URL): Promise<void> {
    const type = url.searchParams.get('type') ?? '';
    const token = url.searchParams.get('token') ?? '';
    const hit = token ? await this.verifyAndLogin(type, token) : undefined;
    const target = new URL(this.allowedRedirect(url.searchParams.get('redirect_to') ?? hit?.redirectTo, type === 'recovery' ? '/reset-password' : '/'));
    const params = new URLSearchParams();
    if (!hit) {
      params.set('error', 'access_denied');
      params.set('error_code', 'otp_expired');
      params.set('error_description', 'Email link is invalid or has expired');
    } else {
      const s = hit.session;
      params.set('access_token', s.access_token);
      params.set('expires_at', String(s.expires_at));
      params.set('expires_in', String(s.expires_in));
      params.set('refresh_token', s.refresh_token);
      params.set('token_type', 'bearer');
      params.set('type', type);
    }
    for (const [k, v] of params) target.searchParams.set(k, v);
    target.hash = params.toString();
    return send(res, 303, null, { Location: target.toString() });
  }

  private async verifyPost(res: ServerResponse, body: Record<string, unknown>): Promise<void> {
    const type = typeof body.type === 'string' ? body.type : '';
    const token = typeof body.token_hash === 'string' ? body.token_hash : typeof body.token === 'string' ? body.token : '';
    const email = typeof body.email === 'string' ? body.email : undefined;
    const hit = token ? await this.verifyAndLogin(type, token, email) : undefined;
    if (!hit) throw authError(403, 'otp_expired', 'Token has expired or is invalid');
    return sendJson(res, 200, hit.session);
  }
}
