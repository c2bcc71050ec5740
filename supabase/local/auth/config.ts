/**
 * Auth settings from supabase/config.toml (the file the Supabase CLI and hosted projects use),
 * read with a tiny TOML reader that knows the subset that file uses: [dotted.sections],
 * `key = value` with strings, numbers, booleans and one-line arrays, `#` comments.
 * Invariants: every value has the Supabase CLI's default when the file or the key is absent, so
 * the backend starts the same with or without the file; unknown keys are ignored.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type TomlValue = string | number | boolean | TomlValue[];
export type TomlTable = Record<string, Record<string, TomlValue>>;

function parseValue(raw: string): TomlValue {
  const v = raw.trim();
  if (v.startsWith('"') && v.endsWith('"')) return JSON.parse(v) as string;
  if (v.startsWith("'") && v.endsWith("'")) return v.slice(1, -1);
  if (v === 'true' || v === 'false') return v === 'true';
  if (v.startsWith('[') && v.endsWith(']')) {
    const inner = v.slice(1, -1).trim();
    if (!inner) return [];
    return (inner.match(/"(?:[^"\\]|\\.)*"|'[^']*'|[^,]+/g) ?? [])
      .map((s) => s.trim())
      .filter(Boolean)
      .map(parseValue);
  }
  const n = Number(v.replace(/_/g, ''));
  if (Number.isFinite(n)) return n;
  throw new Error(`config.toml: unsupported value ${v}`);
}

/** Strips a trailing comment that is outside quotes. */
function stripComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

/** Sections keyed by their dotted name ('' for top-level keys). */
export function parseToml(text: string): TomlTable {
  const out: TomlTable = { '': {} };
  let section = '';
  for (const rawLine of text.split(/\r?\n/)) {
    const line = stripComment(rawLine).trim();
    if (!line) continue;
    const head = /^\[([A-Za-z0-9_.-]+)\]$/.exec(line);
    if (head) {
      section = head[1]!;
      out[section] ??= {};
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`config.toml: cannot read line: ${rawLine}`);
    out[section]![line.slice(0, eq).trim()] = parseValue(line.slice(eq + 1));
  }
  return out;
}

/** Rate limits: [auth.rate_limit] of config.toml plus the per-account limits of the local backend. */
export interface AuthRateLimits {
  /** token_refresh: /token requests per 5 minutes per IP (GoTrue's Token limiter, burst `burst`). */
  tokenRefresh: number;
  /** sign_in_sign_ups: /signup, /recover, /otp, /magiclink, /resend, PUT /user per 5 minutes per IP, each its own bucket. */
  signInSignUps: number;
  /** token_verifications: /verify per 5 minutes per IP. */
  tokenVerifications: number;
  /** GoTrue's fixed per-IP burst (30). */
  burst: number;
  /** [auth.email] max_frequency: time before the same user can be sent another mail of one kind. */
  maxFrequencyMs: number;
  /** Local hardening (no GoTrue key): wrong passwords per account per 5 minutes before sign-in answers 429. */
  passwordFailures: number;
  /** Local hardening: wrong OTP codes per account per 5 minutes; the next one burns the outstanding codes. */
  otpFailures: number;
  /** Local hardening: OAuth authorization requests one user opens per 5 minutes. */
  authorizationsPerUser: number;
}

/** [auth.oauth_server] (the CLI's names; GoTrue's GOTRUE_OAUTH_SERVER_*). */
export interface OAuthServerConfig {
  enabled: boolean;
  /** path on site_url of the app's consent page (GoTrue's authorization_path) */
  authorizationUrlPath: string;
  allowDynamicRegistration: boolean;
  /** lifetime of an authorization request and of its code (GoTrue's authorization_ttl, 10 m) */
  authorizationTtlSeconds: number;
}

export interface AuthConfig {
  siteUrl: string;
  oauthServer: OAuthServerConfig;
  additionalRedirectUrls: string[];
  jwtExpirySeconds: number;
  minimumPasswordLength: number;
  enableSignup: boolean;
  emailConfirm: boolean;
  doubleConfirmChanges: boolean;
  otpExpirySeconds: number;
  rateLimits: AuthRateLimits;
}

/** "1s", "500ms", "2m", "1h" (Go durations as the CLI writes them) → milliseconds. */
export function durationMs(v: TomlValue | undefined, fallback: number): number {
  if (typeof v === 'number') return v * 1000;
  if (typeof v !== 'string') return fallback;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(v.trim());
  if (!m) throw new Error(`config.toml: cannot read duration ${v}`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
}

const num = (v: TomlValue | undefined, d: number): number => (typeof v === 'number' ? v : d);
const bool = (v: TomlValue | undefined, d: boolean): boolean => (typeof v === 'boolean' ? v : d);
const str = (v: TomlValue | undefined, d: string): string => (typeof v === 'string' ? v : d);

export function authConfigFrom(toml: TomlTable): AuthConfig {
  const auth = toml['auth'] ?? {};
  const email = toml['auth.email'] ?? {};
  const rl = toml['auth.rate_limit'] ?? {};
  const oauth = toml['auth.oauth_server'] ?? {};
  const extra = auth['additional_redirect_urls'];
  return {
    siteUrl: str(auth['site_url'], 'http://127.0.0.1:3000'),
    oauthServer: {
      enabled: bool(oauth['enabled'], false),
      authorizationUrlPath: str(oauth['authorization_url_path'], ''),
      allowDynamicRegistration: bool(oauth['allow_dynamic_registration'], false),
      authorizationTtlSeconds: 600, // GoTrue's default; the CLI has no key for it
    },
    additionalRedirectUrls: Array.isArray(extra) ? extra.filter((u): u is string => typeof u === 'string') : [],
    jwtExpirySeconds: num(auth['jwt_expiry'], 3600),
    minimumPasswordLength: num(auth['minimum_password_length'], 6),
    enableSignup: bool(auth['enable_signup'], true) && bool(email['enable_signup'], true),
    emailConfirm: bool(email['enable_confirmations'], false),
    doubleConfirmChanges: bool(email['double_confirm_changes'], true),
    otpExpirySeconds: num(email['otp_expiry'], 3600),
    rateLimits: {
      tokenRefresh: num(rl['token_refresh'], 150),
      signInSignUps: num(rl['sign_in_sign_ups'], 30),
      tokenVerifications: num(rl['token_verifications'], 30),
      burst: 30,
      maxFrequencyMs: durationMs(email['max_frequency'], 1000),
      passwordFailures: 10,
      otpFailures: 5,
      authorizationsPerUser: 30,
    },
  };
}

const CONFIG_PATH = fileURLToPath(new URL('../../config.toml', import.meta.url));
let cached: AuthConfig | undefined;

/** supabase/config.toml parsed (empty when the file is absent: CLI defaults everywhere). */
export function readConfigToml(path = CONFIG_PATH): TomlTable {
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    /* no file: CLI defaults */
  }
  return parseToml(text);
}

/** supabase/config.toml's auth settings (CLI defaults where absent). */
export function loadAuthConfig(path = CONFIG_PATH): AuthConfig {
  if (path === CONFIG_PATH && cached) return cached;
  const cfg = authConfigFrom(readConfigToml(path));
  if (path === CONFIG_PATH) cached = cfg;
  return cfg;
}

/**
 * Test-harness override (documented in supabase/local/README.md): every integration test and the
 * e2e suite reach the backend from 127.0.0.1, so config.toml's per-IP limits would be shared by
 * unrelated tests. Per-IP limits are raised far away; the per-account limits stay as configured.
 */
export const HARNESS_RATE_LIMITS: Partial<AuthRateLimits> = {
  tokenRefresh: 1e7,
  signInSignUps: 1e7,
  tokenVerifications: 1e7,
  burst: 1e5,
};
