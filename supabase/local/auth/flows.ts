/**
 * The mail flows of GoTrue: /recover, /otp, /verify (GET link and POST code) and the e-mail change
 * started by PUT /user.
 * Invariants: /recover and /otp answer the same `{}` for known and unknown addresses (nothing is
 * sent to an unknown one unless /otp signs it up, as GoTrue's create_user does); a wrong OTP code
 * counts against its address, and when the address's allowance is used up its outstanding codes
 * are burned, so the 10^6 code space cannot be walked within a code's lifetime; with
 * double_confirm_changes an e-mail change takes effect only once the links sent to the old and
 * to the new address have both been followed.
 */
import type { ServerResponse } from 'node:http';
import type { Tx } from '../db/database';
import { send, sendJson } from '../http/util';
import type { SessionJson } from './service';
import type { UserRow } from './users';
import { authError } from './errors';
import { overRequestRateLimit } from './ratelimit';
import { normalEmail, requireEmail, sendLinkMail, verifyLink, type AuthContext, type Body } from './context';

const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';
const EMAIL_CHANGE_TYPES = ['email_change_current', 'email_change_new'];

export async function recover(ctx: AuthContext, res: ServerResponse, body: Body, redirectTo: string | null): Promise<void> {
  const email = requireEmail(body.email);
  const redirect = ctx.redirects.resolve(redirectTo ?? (typeof body.redirect_to === 'string' ? body.redirect_to : null), '/');
  ctx.limiter.checkMailFrequency('recovery', email);
  const sent = await ctx.db.asSuperuser(async (tx) => {
    const user = await ctx.service.findByEmail(tx, email);
    if (!user) return undefined; // no account enumeration: same 200 answer
    const t = await ctx.service.createOneTimeToken(tx, user, 'recovery', redirect);
    await tx.query('update auth.users set recovery_sent_at = now() where id = $1', [user.id]);
    return { user, ...t };
  });
  if (sent) sendLinkMail(ctx, sent.user.email, 'recovery', verifyLink(ctx, sent.token, 'recovery', redirect), sent.otp);
  return sendJson(res, 200, {});
}

export async function otp(ctx: AuthContext, res: ServerResponse, body: Body, redirectTo: string | null): Promise<void> {
  if (typeof body.phone === 'string' && body.phone) throw authError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  const email = requireEmail(body.email, 'Only an email address or phone number should be provided.');
  const createUser = body.create_user !== false; // GoTrue's default is true
  const redirect = ctx.redirects.resolve(redirectTo ?? (typeof body.redirect_to === 'string' ? body.redirect_to : null), '/');
  const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {};
  if (createUser && !ctx.settings.enableSignup) {
    const known = await ctx.db.asSuperuser((tx) => ctx.service.findByEmail(tx, email));
    if (!known) throw authError(422, 'signup_disabled', 'Signups not allowed for otp');
  }
  ctx.limiter.checkMailFrequency('otp', email);
  const sent = await ctx.db.asSuperuser(async (tx) => {
    let user = await ctx.service.findByEmail(tx, email);
    if (!user) {
      // unknown address: GoTrue signs it up when create_user is set; otherwise nothing is sent,
      // and the answer is the same as for a known address
      if (!createUser) return undefined;
      user = await ctx.service.createUser(tx, email, null, data, false);
      const t = await ctx.service.createOneTimeToken(tx, user, 'confirmation', redirect);
      await tx.query('update auth.users set confirmation_sent_at = now() where id = $1', [user.id]);
      return { user, type: 'confirmation' as const, linkType: 'signup', ...t };
    }
    const t = await ctx.service.createOneTimeToken(tx, user, 'magiclink', redirect);
    await tx.query('update auth.users set recovery_sent_at = now() where id = $1', [user.id]);
    return { user, type: 'magiclink' as const, linkType: 'magiclink', ...t };
  });
  if (sent) sendLinkMail(ctx, sent.user.email, sent.type, verifyLink(ctx, sent.token, sent.linkType, redirect), sent.otp);
  return sendJson(res, 200, {});
}

/** PUT /user with a new address: records the pending change and mails the link(s). */
export async function startEmailChange(ctx: AuthContext, tx: Tx, user: UserRow, newEmail: string, redirect: string): Promise<() => void> {
  if (await ctx.service.findByEmail(tx, newEmail)) {
    throw authError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  ctx.limiter.checkMailFrequency('email_change', user.email);
  await tx.query(
    `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now() where id = $1`,
    [user.id, newEmail],
  );
  await ctx.service.clearOneTimeTokens(tx, user.id, EMAIL_CHANGE_TYPES);
  const toNew = await ctx.service.createOneTimeToken(tx, user, 'email_change_new', redirect, newEmail);
  const toOld = ctx.settings.doubleConfirmChanges ? await ctx.service.createOneTimeToken(tx, user, 'email_change_current', redirect) : undefined;
  return () => {
    sendLinkMail(ctx, newEmail, 'email_change', verifyLink(ctx, toNew.token, 'email_change', redirect), toNew.otp);
    if (toOld) sendLinkMail(ctx, user.email, 'email_change', verifyLink(ctx, toOld.token, 'email_change', redirect), toOld.otp);
  };
}

function tokenTypes(type: string): string[] {
  if (type === 'signup' || type === 'email' || type === 'invite') return ['confirmation', 'magiclink'];
  if (type === 'recovery') return ['recovery'];
  if (type === 'magiclink') return ['magiclink'];
  if (type === 'email_change') return EMAIL_CHANGE_TYPES;
  return [];
}

type Verified = { kind: 'session'; session: SessionJson; redirectTo: string | null } | { kind: 'single'; redirectTo: string | null };

/** Confirms one of the two e-mail change links; applies the change when none is left. */
async function confirmEmailChange(ctx: AuthContext, tx: Tx, user: UserRow, redirectTo: string | null): Promise<Verified | undefined> {
  if (!user.email_change) return undefined;
  const pending = await tx.query('select 1 from auth.one_time_tokens where user_id = $1 and token_type = any($2::text[])', [user.id, EMAIL_CHANGE_TYPES]);
  if (pending.rows.length > 0) {
    await tx.query('update auth.users set email_change_confirm_status = 1 where id = $1', [user.id]);
    return { kind: 'single', redirectTo };
  }
  const taken = await ctx.service.findByEmail(tx, user.email_change);
  if (taken && taken.id !== user.id) throw authError(422, 'email_exists', 'A user with this email address has already been registered');
  await tx.query(
    `update auth.users set email = email_change, email_change = '', email_change_sent_at = null, email_change_confirm_status = 0,
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
    [user.id],
  );
  const fresh = (await ctx.service.findById(tx, user.id))!;
  return { kind: 'session', session: await ctx.service.startSession(tx, fresh, 'otp'), redirectTo };
}

/**
 * Verifies a link token or an e-mail + OTP code. `undefined` = invalid or expired. An OTP code
 * (with `email`) counts against the address; the allowance used up burns its codes.
 */
async function verifyToken(ctx: AuthContext, type: string, token: string, email?: string): Promise<Verified | undefined> {
  const address = email === undefined ? undefined : normalEmail(email);
  if (address && !ctx.limiter.otpAllowed(address)) throw overRequestRateLimit();
  const out = await ctx.db.asSuperuser(async (tx): Promise<Verified | undefined> => {
    const hit = await ctx.service.consumeOneTimeToken(tx, tokenTypes(type), token, address ?? email);
    if (!hit) return undefined;
    if (EMAIL_CHANGE_TYPES.includes(hit.type)) return confirmEmailChange(ctx, tx, hit.user, hit.redirectTo);
    await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1', [hit.user.id]);
    const user = (await ctx.service.findById(tx, hit.user.id))!;
    return { kind: 'session', session: await ctx.service.startSession(tx, user, type === 'recovery' ? 'recovery' : 'otp'), redirectTo: hit.redirectTo };
  });
  if (!out && address && !ctx.limiter.otpFailed(address)) {
    // allowance used up: burn every outstanding code sent to this address
    await ctx.db.asSuperuser((tx) => tx.query('delete from auth.one_time_tokens where lower(relates_to) = $1', [address]));
  }
  return out;
}

export async function verifyRedirect(ctx: AuthContext, res: ServerResponse, url: URL): Promise<void> {
  const type = url.searchParams.get('type') ?? '';
  const token = url.searchParams.get('token') ?? '';
  const hit = token ? await verifyToken(ctx, type, token) : undefined;
  const target = new URL(ctx.redirects.resolve(url.searchParams.get('redirect_to') ?? hit?.redirectTo, type === 'recovery' ? '/reset-password' : '/'));
  const params = new URLSearchParams();
  if (!hit) {
    params.set('error', 'access_denied');
    params.set('error_code', 'otp_expired');
    params.set('error_description', 'Email link is invalid or has expired');
  } else if (hit.kind === 'single') {
    params.set('message', SINGLE_CONFIRMATION);
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

export async function verifyPost(ctx: AuthContext, res: ServerResponse, body: Body): Promise<void> {
  const type = typeof body.type === 'string' ? body.type : '';
  const byHash = typeof body.token_hash === 'string' && body.token_hash !== '';
  const token = byHash ? (body.token_hash as string) : typeof body.token === 'string' ? body.token : '';
  const email = !byHash && typeof body.email === 'string' ? body.email : undefined;
  const hit = token ? await verifyToken(ctx, type, token, email) : undefined;
  if (!hit) throw authError(403, 'otp_expired', 'Token has expired or is invalid');
  if (hit.kind === 'single') return sendJson(res, 200, { msg: SINGLE_CONFIRMATION, code: '200' });
  return sendJson(res, 200, hit.session);
}
