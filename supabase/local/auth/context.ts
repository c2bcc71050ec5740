/**
 * What every auth route module shares: the services, the settings from config.toml, and small
 * helpers (JSON body, e-mail validation, the link mails).
 * Invariants: a request body is a JSON object or empty; e-mail addresses are trimmed and
 * lower-cased before use; every mail carries a /verify link built from the public URL.
 */
import type { IncomingMessage } from 'node:http';
import type { Database } from '../db/database';
import type { JwtKeys } from './jwt';
import { MAX_PASSWORD_BYTES, passwordTooLong, type AuthService } from './service';
import type { Mailer, LocalEmailType } from './mail';
import type { AuthLimiter } from './ratelimit';
import type { RedirectPolicy } from './redirect';
import type { OAuthServerConfig } from './config';
import { readBody, parseJson, JSON_BODY_LIMIT } from '../http/util';
import { authError } from './errors';

export interface AuthSettings {
  emailConfirm: boolean;
  enableSignup: boolean;
  doubleConfirmChanges: boolean;
  minimumPasswordLength: number;
}

export interface AuthContext {
  db: Database;
  keys: JwtKeys;
  service: AuthService;
  mailer: Mailer;
  limiter: AuthLimiter;
  redirects: RedirectPolicy;
  settings: AuthSettings;
  publicUrl: () => string;
  /** the JWT issuer and OAuth issuer identifier: <public URL>/auth/v1 */
  issuer: () => string;
  /** [auth.oauth_server] of config.toml */
  oauth: OAuthServerConfig;
  /** clock of OAuth authorization expiry and the refresh-token reuse window (tests move it) */
  now: () => number;
}

export type Body = Record<string, unknown>;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function jsonBody(req: IncomingMessage): Promise<Body> {
  const v = parseJson(await readBody(req, JSON_BODY_LIMIT), (m) => authError(400, 'bad_json', `Could not parse request body as JSON: ${m}`));
  if (v === undefined) return {};
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw authError(400, 'bad_json', 'Could not parse request body as JSON: expected an object');
  return v as Body;
}

/** A valid e-mail address, lower-cased; else `undefined`. */
export function normalEmail(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.length > 255 || !EMAIL_RE.test(v.trim())) return undefined;
  return v.trim().toLowerCase();
}

export function requireEmail(v: unknown, message = 'Unable to validate email address: invalid format'): string {
  const email = normalEmail(v);
  if (!email) throw authError(400, 'validation_failed', message);
  return email;
}

/** GoTrue's checkPasswordStrength: too long (bytes) first, then too short (internal/api/password.go). */
export function checkPassword(ctx: AuthContext, password: unknown): string {
  if (typeof password === 'string' && passwordTooLong(password)) {
    throw authError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  const min = ctx.settings.minimumPasswordLength;
  if (typeof password !== 'string' || password.length < min) {
    throw authError(422, 'weak_password', `Password should be at least ${min} characters.`, { weak_password: { reasons: ['length'] } });
  }
  return password;
}

export function objectOrEmpty(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function verifyLink(ctx: AuthContext, token: string, type: string, redirect: string): string {
  return `${ctx.publicUrl()}/auth/v1/verify?token=${token}&type=${type}&redirect_to=${encodeURIComponent(redirect)}`;
}

const SUBJECTS: Record<LocalEmailType, [subject: string, intro: string]> = {
  confirmation: ['Confirm Your Signup', 'Follow this link to confirm your user:'],
  recovery: ['Reset Your Password', 'Follow this link to reset the password for your user:'],
  magiclink: ['Your Magic Link', 'Follow this link to login:'],
  email_change: ['Confirm Email Change', 'Follow this link to confirm the update of your email:'],
};

/** Sends one link mail (the local mailer keeps it in the inbox). */
export function sendLinkMail(ctx: AuthContext, to: string, type: LocalEmailType, link: string, otp: string): void {
  const [subject, intro] = SUBJECTS[type];
  ctx.mailer.send({
    to,
    type,
    subject,
    text: `${intro}\n${link}\nOr enter the code: ${otp}`,
    html: `<h2>${subject}</h2><p><a href="${link}">${subject}</a></p><p>Code: ${otp}</p>`,
    link,
    otp,
  });
}
