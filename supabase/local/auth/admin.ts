/**
 * /auth/v1/admin — GoTrue's admin API for `supabase.auth.admin.*`: users (list, create, get,
 * update, delete), generate_link (signup, recovery, magiclink, email_change_*) and the OAuth
 * server's clients (/admin/oauth/clients…, oauth-clients.ts).
 * Invariants: only a bearer JWT with role service_role gets in (anon and user tokens: 403
 * `not_admin`, as GoTrue's requireAdmin); users are the same auth.users rows the public endpoints
 * use; a hard delete cascades through every `references auth.users on delete cascade` (sessions,
 * tokens, the app's rows), a soft delete keeps the row but frees the address and ends all
 * sessions; generate_link sends no mail, it returns the link and code GoTrue returns.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { header, sendJson } from '../http/util';
import { userJson, type UserRow } from './users';
import { authError } from './errors';
import { checkPassword, jsonBody, objectOrEmpty, requireEmail, verifyLink, type AuthContext, type Body } from './context';
import { startEmailChange } from './flows';
import { OAuthClientsApi } from './oauth-clients';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GoTrue's metadata update: keys merge, a null value removes its key. */
function mergeMeta(current: Record<string, unknown>, update: Record<string, unknown>): Record<string, unknown> {
  const out = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** "none" → null (unban); Go durations like "24h", "30m", "10s", "1h30m" → until now + d. */
function bannedUntil(v: unknown): Date | null {
  if (v === 'none') return null;
  if (typeof v !== 'string' || !/^(\d+(\.\d+)?(h|m|s|ms))+$/.test(v)) {
    throw authError(400, 'validation_failed', `invalid format for ban duration: time: invalid duration "${String(v)}"`);
  }
  let ms = 0;
  for (const [, n, , unit] of v.matchAll(/(\d+(\.\d+)?)(h|m|s|ms)/g)) ms += Number(n) * { h: 3_600_000, m: 60_000, s: 1000, ms: 1 }[unit as 'h'];
  return new Date(Date.now() + ms);
}

export class AdminApi {
  private readonly clients: OAuthClientsApi;
  constructor(private readonly ctx: AuthContext) {
    this.clients = new OAuthClientsApi(ctx);
  }

  private async requireAdmin(req: IncomingMessage): Promise<void> {
    const m = /^Bearer\s+(.+)$/i.exec(header(req, 'authorization') ?? '');
    if (!m?.[1]) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let role: unknown;
    try {
      role = (await this.ctx.keys.verify(m[1])).role;
    } catch {
      throw authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
    }
    if (role !== 'service_role') throw authError(403, 'not_admin', 'User not allowed');
  }

  async handle(req: IncomingMessage, res: ServerResponse, method: string, path: string, url: URL): Promise<void> {
    await this.requireAdmin(req);
    if (path === '/oauth' || path.startsWith('/oauth/')) {
      if (!this.ctx.oauth.enabled) throw authError(404, 'feature_disabled', 'OAuth server is disabled');
      return this.clients.admin(req, res, method, path.slice('/oauth'.length));
    }
    if (path === '/users' && method === 'GET') return this.list(res, url);
    if (path === '/users' && method === 'POST') return this.create(res, await jsonBody(req));
    if (path === '/generate_link' && method === 'POST') return this.generateLink(res, await jsonBody(req), url);
    const one = /^\/users\/([^/]+)$/.exec(path);
    if (one) {
      const id = decodeURIComponent(one[1]!);
      if (!UUID_RE.test(id)) throw authError(404, 'validation_failed', 'user_id must be an UUID');
      if (method === 'GET') return sendJson(res, 200, userJson(await this.load(id)));
      if (method === 'PUT') return this.update(res, id, await jsonBody(req));
      if (method === 'DELETE') return this.remove(res, id, await jsonBody(req));
    }
    throw authError(501, 'not_implemented', `${method} /admin${path} is not implemented by the local backend`);
  }

  private async load(id: string): Promise<UserRow> {
    const user = await this.ctx.db.asSuperuser((tx) => this.ctx.service.findById(tx, id));
    if (!user) throw authError(404, 'user_not_found', 'User not found');
    return user;
  }

  private async list(res: ServerResponse, url: URL): Promise<void> {
    const int = (name: string, d: number) => {
      const raw = url.searchParams.get(name);
      if (raw === null || raw === '') return d;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 0) throw authError(400, 'validation_failed', `Bad Pagination Parameters: ${name} must be a non-negative integer`);
      return n;
    };
    const page = Math.max(1, int('page', 1));
    const perPage = Math.min(1000, int('per_page', 50)) || 50;
    const { rows, total } = await this.ctx.db.asSuperuser(async (tx) => {
      const count = await tx.query<{ n: number }>('select count(*)::int as n from auth.users where deleted_at is null');
      const r = await tx.query<UserRow>('select * from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2', [
        perPage,
        (page - 1) * perPage,
      ]);
      return { rows: r.rows, total: count.rows[0]!.n };
    });
    const last = Math.max(1, Math.ceil(total / perPage));
    const base = `${this.ctx.publicUrl()}/auth/v1/admin/users`;
    const links = [];
    if (page < last) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`<${base}?page=${last}&per_page=${perPage}>; rel="last"`);
    return sendJson(res, 200, { users: rows.map(userJson), aud: 'authenticated' }, { 'X-Total-Count': String(total), Link: links.join(', ') });
  }

  private async create(res: ServerResponse, body: Body): Promise<void> {
    if (typeof body.phone === 'string' && body.phone) throw authError(400, 'phone_provider_disabled', 'Unsupported phone provider');
    if (body.email === undefined || body.email === '') throw authError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
    const email = requireEmail(body.email);
    if (body.password_hash !== undefined) throw authError(501, 'not_implemented', 'password_hash is not implemented by the local backend');
    if (body.id !== undefined && (typeof body.id !== 'string' || !UUID_RE.test(body.id))) {
      throw authError(400, 'validation_failed', 'ID must conform to the uuid v4 format');
    }
    const hash = typeof body.password === 'string' && body.password !== '' ? await this.ctx.service.hashPassword(body.password) : null;
    const banned = body.ban_duration !== undefined ? bannedUntil(body.ban_duration) : null;
    const user = await this.ctx.db.asSuperuser(async (tx) => {
      if (await this.ctx.service.findByEmail(tx, email)) throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      const u = await this.ctx.service.createUser(tx, email, hash, objectOrEmpty(body.user_metadata), body.email_confirm === true, {
        id: typeof body.id === 'string' ? body.id : undefined,
        appMetadata: objectOrEmpty(body.app_metadata),
      });
      if (!banned) return u;
      return (await tx.query<UserRow>('update auth.users set banned_until = $2 where id = $1 returning *', [u.id, banned])).rows[0]!;
    });
    return sendJson(res, 200, userJson(user));
  }

  private async update(res: ServerResponse, id: string, body: Body): Promise<void> {
    const user = await this.load(id);
    const email = body.email !== undefined && body.email !== '' ? requireEmail(body.email) : undefined;
    const hash = body.password !== undefined ? await this.ctx.service.hashPassword(checkPassword(this.ctx, body.password)) : undefined;
    const banned = body.ban_duration !== undefined ? bannedUntil(body.ban_duration) : undefined;
    const updated = await this.ctx.db.asSuperuser(async (tx) => {
      if (email && email !== user.email) {
        const other = await this.ctx.service.findByEmail(tx, email);
        if (other) throw authError(422, 'email_exists', 'A user with this email address has already been registered');
        // the admin sets the address directly (no confirmation mails), as GoTrue's admin update
        await tx.query(`update auth.users set email = $2, email_change = '', email_change_confirm_status = 0 where id = $1`, [id, email]);
      }
      if (hash) await this.ctx.service.updatePassword(tx, id, hash, null);
      if (body.email_confirm === true) await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [id]);
      if (body.email_confirm === false) await tx.query('update auth.users set email_confirmed_at = null where id = $1', [id]);
      if (body.user_metadata !== undefined) {
        await tx.query('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [id, JSON.stringify(mergeMeta(user.raw_user_meta_data, objectOrEmpty(body.user_metadata)))]);
      }
      if (body.app_metadata !== undefined) {
        await tx.query('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [id, JSON.stringify(mergeMeta(user.raw_app_meta_data, objectOrEmpty(body.app_metadata)))]);
      }
      if (banned !== undefined) {
        await tx.query('update auth.users set banned_until = $2 where id = $1', [id, banned]);
        if (banned) await tx.query('delete from auth.sessions where user_id = $1', [id]);
      }
      return (await tx.query<UserRow>('update auth.users set updated_at = now() where id = $1 returning *', [id])).rows[0]!;
    });
    return sendJson(res, 200, userJson(updated));
  }

  private async remove(res: ServerResponse, id: string, body: Body): Promise<void> {
    await this.load(id);
    await this.ctx.db.asSuperuser(async (tx) => {
      if (body.should_soft_delete === true) {
        // GoTrue's soft delete: the row stays (rows that reference it too), the address is freed
        await tx.query(`update auth.users set email = null, encrypted_password = null, email_change = '', deleted_at = now(),
          raw_user_meta_data = '{}', updated_at = now() where id = $1`, [id]);
        await tx.query('delete from auth.sessions where user_id = $1', [id]);
        await tx.query('delete from auth.one_time_tokens where user_id = $1', [id]);
      } else {
        await tx.query('delete from auth.users where id = $1', [id]);
      }
    });
    return sendJson(res, 200, {});
  }

  private async generateLink(res: ServerResponse, body: Body, url: URL): Promise<void> {
    const type = typeof body.type === 'string' ? body.type : '';
    const email = requireEmail(body.email);
    // auth-js sends redirectTo as the redirect_to query parameter; GoTrue also reads the body
    const redirect = this.ctx.redirects.resolve(url.searchParams.get('redirect_to') ?? (typeof body.redirect_to === 'string' ? body.redirect_to : null), '/');
    const data = objectOrEmpty(body.data);
    const { service } = this.ctx;
    const out = await this.ctx.db.asSuperuser(async (tx) => {
      let user = await service.findByEmail(tx, email);
      let kind = type;
      if (!user && kind === 'magiclink') kind = 'signup'; // as GoTrue: a magic link for a new address signs it up
      if (!user && ['recovery', 'email_change_current', 'email_change_new'].includes(kind)) {
        throw authError(404, 'user_not_found', 'User with this email not found');
      }
      switch (kind) {
        case 'signup': {
          if (user?.email_confirmed_at) throw authError(422, 'email_exists', 'A user with this email address has already been registered');
          const password = typeof body.password === 'string' && body.password !== '' ? checkPassword(this.ctx, body.password) : null;
          user ??= await service.createUser(tx, email, password ? await service.hashPassword(password) : null, data, false);
          const t = await service.createOneTimeToken(tx, user, 'confirmation', redirect);
          await tx.query('update auth.users set confirmation_sent_at = now() where id = $1', [user.id]);
          return { user, kind, ...t };
        }
        case 'magiclink':
        case 'recovery': {
          const t = await service.createOneTimeToken(tx, user!, kind === 'recovery' ? 'recovery' : 'magiclink', redirect);
          await tx.query('update auth.users set recovery_sent_at = now() where id = $1', [user!.id]);
          return { user: user!, kind, ...t };
        }
        case 'email_change_current':
        case 'email_change_new': {
          const newEmail = requireEmail(body.new_email);
          await startEmailChange(this.ctx, tx, user!, newEmail, redirect); // links returned, not mailed
          const t = await service.createOneTimeToken(tx, user!, kind, redirect, kind === 'email_change_new' ? newEmail : user!.email);
          return { user: user!, kind: 'email_change', ...t };
        }
        default:
          throw authError(400, 'validation_failed', `Invalid email action link type requested: ${type}`);
      }
    });
    const fresh = await this.load(out.user.id);
    return sendJson(res, 200, {
      ...userJson(fresh),
      action_link: verifyLink(this.ctx, out.token, out.kind, redirect),
      email_otp: out.otp,
      hashed_token: out.token,
      verification_type: type === 'magiclink' && out.kind === 'signup' ? 'signup' : type,
      redirect_to: redirect,
    });
  }
}
