/**
 * GoTrue-compatible account logic: users, sessions, refresh-token rotation, one-time tokens (the
 * user's row and JSON shape: users.ts).
 * Invariants: passwords are stored only as bcrypt hashes, never of more than 72 bytes (bcrypt would
 * truncate), and a longer password never matches; refresh tokens rotate on every use
 * (as GoTrue, within the 10 s reuse interval: the parent of the session's active token gets that
 * active token back, another revoked token a new child; past it any reuse revokes the whole
 * session's family, and a family without a live token is refused outright); a session issued
 * to an OAuth client (oauth_client_id) refreshes only with that client authenticated, and its
 * access tokens carry `client_id` and `scope`;
 * one-time tokens are stored hashed, expire after otp_expiry and are single-use; a password
 * change revokes every other session and every outstanding one-time token (as GoTrue's
 * UpdatePassword); all state lives in the auth schema, written in superuser transactions.
 */
import { randomBytes, randomUUID, createHash, randomInt } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Database, Tx } from '../db/database';
import type { JwtKeys } from './jwt';
import { authError, oauthError } from './errors';
import { userJson, type UserRow } from './users';

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

const REUSE_INTERVAL_MS = 10_000;
/** GoTrue's AMR method name for a session created by the OAuth server's code exchange. */
export const OAUTH_CODE_AMR = 'oauth_provider/authorization_code';

/** The OAuth client and scopes a session was issued for (GoTrue's sessions.oauth_client_id / scopes). */
export interface OAuthGrant {
  clientId: string;
  scopes: string;
}
/** bcrypt reads at most 72 bytes of a password (GoTrue's MaxPasswordLength, internal/api/password.go). */
export const MAX_PASSWORD_BYTES = 72;
export const passwordTooLong = (pw: string): boolean => Buffer.byteLength(pw, 'utf8') > MAX_PASSWORD_BYTES;
const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly keys: JwtKeys,
    private readonly issuer: () => string,
    private readonly jwtExpirySeconds: number,
    private readonly otpTtlMs = 3600_000,
    /** the clock of the refresh-token reuse window (tests move it; JWT times stay real) */
    private readonly now: () => number = Date.now,
  ) {}

  /** GoTrue's admin create answers bcrypt's ErrPasswordTooLong this way (internal/api/admin.go). */
  hashPassword(pw: string): Promise<string> {
    if (passwordTooLong(pw)) return Promise.reject(authError(400, 'validation_failed', 'bcrypt: password length exceeds 72 bytes'));
    return bcrypt.hash(pw, 10);
  }

  checkPassword(pw: string, hash: string | null): Promise<boolean> {
    // bcrypt compares only the first 72 bytes: a longer password can never be the stored one
    if (!hash || passwordTooLong(pw)) return Promise.resolve(false);
    return bcrypt.compare(pw, hash);
  }

  async findByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
    const r = await tx.query<UserRow>('select * from auth.users where lower(email) = lower($1) and deleted_at is null', [email]);
    return r.rows[0];
  }

  async findById(tx: Tx, id: string): Promise<UserRow | undefined> {
    const r = await tx.query<UserRow>('select * from auth.users where id = $1 and deleted_at is null', [id]);
    return r.rows[0];
  }

  async createUser(
    tx: Tx,
    email: string,
    passwordHash: string | null,
    data: Record<string, unknown>,
    confirmed: boolean,
    extra: { id?: string; appMetadata?: Record<string, unknown> } = {},
  ): Promise<UserRow> {
    const app = { ...(extra.appMetadata ?? {}), provider: 'email', providers: ['email'] };
    const r = await tx.query<UserRow>(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
       values ($1, 'authenticated', 'authenticated', $2, $3, case when $4::boolean then now() end, $5::jsonb, $6::jsonb) returning *`,
      [extra.id ?? randomUUID(), email.toLowerCase(), passwordHash, confirmed, JSON.stringify(app), JSON.stringify(data)],
    );
    return r.rows[0]!;
  }

  /**
   * New password (GoTrue's UpdatePassword): clears outstanding one-time tokens and a pending
   * e-mail change, and signs out every session but `keepSession` (all of them when null).
   */
  async updatePassword(tx: Tx, userId: string, hash: string, keepSession: string | null): Promise<UserRow> {
    const r = await tx.query<UserRow>(
      `update auth.users set encrypted_password = $2, recovery_sent_at = null, confirmation_sent_at = null,
         email_change = '', email_change_sent_at = null, email_change_confirm_status = 0, updated_at = now()
       where id = $1 returning *`,
      [userId, hash],
    );
    await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
    await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [userId, keepSession]);
    return r.rows[0]!;
  }

  /** Deletes the user's one-time tokens of the given types (all types when omitted). */
  async clearOneTimeTokens(tx: Tx, userId: string, types?: string[]): Promise<void> {
    if (types) await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = any($2::text[])', [userId, types]);
    else await tx.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
  }

  async hasOneTimeToken(tx: Tx, userId: string, type: string): Promise<boolean> {
    const r = await tx.query('select 1 from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
    return r.rows.length > 0;
  }

  private async accessToken(user: UserRow, sessionId: string, method: string, oauth?: OAuthGrant): Promise<{ token: string; exp: number }> {
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + this.jwtExpirySeconds;
    const token = await this.keys.sign({
      aud: 'authenticated',
      exp,
      iat,
      iss: this.issuer(),
      sub: user.id,
      email: user.email,
      phone: '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method, timestamp: iat }],
      session_id: sessionId,
      is_anonymous: false,
      // GoTrue's AccessTokenClaims: client_id and scope only on OAuth-issued sessions (omitempty)
      ...(oauth ? { client_id: oauth.clientId, ...(oauth.scopes ? { scope: oauth.scopes } : {}) } : {}),
    });
    return { token, exp };
  }

  private async sessionJson(user: UserRow, sessionId: string, refresh: string, method: string, oauth?: OAuthGrant): Promise<SessionJson> {
    const { token, exp } = await this.accessToken(user, sessionId, method, oauth);
    return { access_token: token, token_type: 'bearer', expires_in: this.jwtExpirySeconds, expires_at: exp, refresh_token: refresh, user: userJson(user) };
  }

  private async newRefreshToken(tx: Tx, user: UserRow, sessionId: string, parent: string | null): Promise<string> {
    const token = randomBytes(9).toString('base64url');
    await tx.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [token, user.id, sessionId, parent]);
    return token;
  }

  /** New session (sign-in, sign-up, verify, OAuth code exchange). Updates last_sign_in_at. */
  async startSession(tx: Tx, user: UserRow, method: string, oauth?: OAuthGrant, sessionId: string = randomUUID()): Promise<SessionJson> {
    await tx.query('insert into auth.sessions (id, user_id, oauth_client_id, scopes) values ($1, $2, $3, $4)', [
      sessionId,
      user.id,
      oauth?.clientId ?? null,
      oauth?.scopes ?? null,
    ]);
    const r = await tx.query<UserRow>('update auth.users set last_sign_in_at = now() where id = $1 returning *', [user.id]);
    const fresh = r.rows[0]!;
    return this.sessionJson(fresh, sessionId, await this.newRefreshToken(tx, fresh, sessionId, null), method, oauth);
  }

  /**
   * Refresh-token grant. `clientId` is the OAuth client authenticated at /oauth/token (null at
   * /token): it must be the session's client, and a client may not refresh a user's own session.
   */
  async refresh(refreshToken: string, clientId: string | null = null): Promise<SessionJson> {
    const out = await this.db.asSuperuser(async (tx): Promise<SessionJson | 'reused'> => {
      const r = await tx.query<{ token: string; user_id: string; session_id: string; revoked: boolean; updated_at: Date; oauth_client_id: string | null; scopes: string | null }>(
        `select t.token, t.user_id, t.session_id, t.revoked, t.updated_at, s.oauth_client_id, s.scopes
           from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id where t.token = $1 for update of t`,
        [refreshToken],
      );
      const row = r.rows[0];
      if (!row) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      const user = await this.findById(tx, row.user_id);
      if (!user) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      if (user.banned_until && new Date(user.banned_until).getTime() > Date.now()) throw authError(400, 'user_banned', 'Invalid Refresh Token: User Banned');
      if (row.oauth_client_id && !clientId) throw oauthError('invalid_client', 'Client authentication required for OAuth session');
      if (row.oauth_client_id && clientId !== row.oauth_client_id) throw oauthError('invalid_client', "Client does not match the session's OAuth client");
      if (!row.oauth_client_id && clientId) throw oauthError('invalid_client', 'Client authentication not allowed for non-OAuth session');
      const oauth = row.oauth_client_id ? { clientId: row.oauth_client_id, scopes: row.scopes ?? '' } : undefined;
      const method = oauth ? OAUTH_CODE_AMR : 'token_refresh';
      const now = new Date(this.now()).toISOString();
      if (row.revoked) {
        const active = await tx.query<{ token: string; parent: string | null }>(
          'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
          [row.session_id],
        );
        const withinInterval = this.now() - new Date(row.updated_at).getTime() <= REUSE_INTERVAL_MS;
        // the client lost the answer to its last refresh: hand back the token that answer held.
        // Stricter than GoTrue (which does this at any age): only within the reuse interval, so
        // a stolen old token cannot keep fetching the live one while the real client is idle
        if (withinInterval && active.rows[0]?.parent === row.token) return this.sessionJson(user, row.session_id, active.rows[0].token, method, oauth);
        // stricter than GoTrue: a family revoked for reuse has no live token, and then no grace either
        if (!active.rows[0] || !withinInterval) {
          // reuse detected: revoke the whole token family
          await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where session_id = $1', [row.session_id, now]);
          return 'reused'; // commit the revocation, then answer the error
        }
      }
      // a reuse within the interval gets a new child token, as GoTrue's swap does; its window stays put
      if (!row.revoked) await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where token = $1', [row.token, now]);
      await tx.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
      const next = await this.newRefreshToken(tx, user, row.session_id, row.token);
      return this.sessionJson(user, row.session_id, next, method, oauth);
    });
    if (out === 'reused') throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    return out;
  }

  async sessionExists(tx: Tx, sessionId: string): Promise<boolean> {
    const r = await tx.query('select 1 from auth.sessions where id = $1', [sessionId]);
    return r.rows.length > 0;
  }

  async logout(userId: string, sessionId: string, scope: string): Promise<void> {
    await this.db.asSuperuser(async (tx) => {
      if (scope === 'global') await tx.query('delete from auth.sessions where user_id = $1', [userId]);
      else if (scope === 'others') await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
      else await tx.query('delete from auth.sessions where id = $1', [sessionId]);
    });
  }

  /** Creates a one-time token; returns the URL token and a 6-digit OTP. */
  async createOneTimeToken(tx: Tx, user: UserRow, type: string, redirectTo: string, relatesTo = user.email): Promise<{ token: string; otp: string }> {
    const token = randomBytes(24).toString('hex');
    const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const address = relatesTo.toLowerCase();
    await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [user.id, type]);
    await tx.query(
      'insert into auth.one_time_tokens (user_id, token_type, token_hash, otp_hash, relates_to, redirect_to) values ($1, $2, $3, $4, $5, $6)',
      [user.id, type, sha256(token), sha256(`${address}:${otp}`), address, redirectTo],
    );
    return { token, otp };
  }

  /** Consumes a one-time token (URL token, or e-mail + OTP); returns the user or undefined. */
  async consumeOneTimeToken(tx: Tx, types: string[], token: string, email?: string): Promise<{ user: UserRow; redirectTo: string | null; type: string } | undefined> {
    const r = await tx.query<{ id: string; user_id: string; created_at: Date; redirect_to: string | null; token_type: string }>(
      `delete from auth.one_time_tokens where token_type = any($1::text[])
         and (token_hash = $2 or (otp_hash = $3 and lower(relates_to) = lower($4)))
       returning id, user_id, created_at, redirect_to, token_type`,
      [types, sha256(token), sha256(`${(email ?? '').toLowerCase()}:${token}`), email ?? ''],
    );
    const row = r.rows[0];
    if (!row || Date.now() - new Date(row.created_at).getTime() > this.otpTtlMs) return undefined;
    const user = await this.findById(tx, row.user_id);
    return user ? { user, redirectTo: row.redirect_to, type: row.token_type } : undefined;
  }
}
