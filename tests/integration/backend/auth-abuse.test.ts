/**
 * Auth abuse through the real supabase-js client against backends with config.toml's limits
 *: per-IP rate limits answering GoTrue's 429 shape, per-account password and OTP
 * guessing limits, reset mails and sign-ups, sessions signed out on password change, e-mail
 * change confirmed on both addresses, /otp without enumeration, the exact redirect allow-list
 * and the local inbox closed to web pages.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalBackend, type LocalBackend } from '../../../supabase/local/index';
import { anonClient, uniqueEmail } from '../helpers/backend';

const RATE_LIMITED = { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' };
/** Per-IP limits far away, so a test reaches the per-account limit alone. */
const NO_IP_LIMITS = { tokenRefresh: 1e6, signInSignUps: 1e6, tokenVerifications: 1e6, burst: 1e4 };

// GoTrue's per-IP buckets (burst 30) with their refills slowed to one token per 5 minutes, and
// max_frequency stretched to a minute: at config.toml's rates (token_refresh 150 = one token every
// 2 s) a loaded machine refilled a token between the attempts and "the tail is refused" raced the
// clock. config.toml's rates themselves are read and checked in auth-config.test.ts.
const SLOW_REFILLS = { tokenRefresh: 1, signInSignUps: 1, tokenVerifications: 1, maxFrequencyMs: 60_000 };
let limited: LocalBackend;
// per-IP limits far away, so a test reaches the per-account limits alone
let open: LocalBackend;
beforeAll(async () => {
  [limited, open] = await Promise.all([
    startLocalBackend({ port: 0, quiet: true, rateLimits: SLOW_REFILLS }),
    startLocalBackend({ port: 0, quiet: true, rateLimits: NO_IP_LIMITS }),
  ]);
});
beforeEach(() => {
  limited.resetRateLimits();
  open.resetRateLimits();
});
afterAll(async () => {
  await Promise.all([limited?.stop(), open?.stop()]);
});

async function post(b: LocalBackend, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${b.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: b.anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function signUp(b: LocalBackend, email: string, password = 'right-pass-1') {
  const { data, error } = await anonClient(b).auth.signUp({ email, password });
  if (error) throw error;
  return data.session!;
}

describe('password guessing', () => {
  it('per IP: after the burst, even the right password is refused with 429 in GoTrue shape', async () => {
    const b = limited;
    const email = uniqueEmail('guess');
    await signUp(b, email);
    const answers: number[] = [];
    for (let i = 0; i < 60; i++) {
      const r = await post(b, '/token?grant_type=password', {
        email: `other-${i}@example.test`,
        password: `wrong-${i}`,
      });
      answers.push(r.status);
      if (r.status === 429) expect(await r.json()).toEqual(RATE_LIMITED);
    }
    // GoTrue's bucket: the burst of 30 answers (wrong credentials), everything after it is refused
    expect(answers.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(answers.slice(30).every((s) => s === 429)).toBe(true);
    const right = await anonClient(b).auth.signInWithPassword({ email, password: 'right-pass-1' });
    expect(right.error?.status).toBe(429);
    expect(right.error?.code).toBe('over_request_rate_limit');
    expect(right.data.session).toBeNull();
  });

  it('per account: after repeated wrong passwords the right one is refused; other accounts still sign in', async () => {
    const b = open;
    const victim = uniqueEmail('victim');
    const bystander = uniqueEmail('bystander');
    await signUp(b, victim);
    await signUp(b, bystander);
    const c = anonClient(b);
    let limited = 0;
    for (let i = 0; i < 200; i++) {
      const r = await c.auth.signInWithPassword({ email: victim, password: `wrong-${i}` });
      if (r.error?.status === 429) limited++;
      else expect(r.error?.code).toBe('invalid_credentials');
    }
    expect(limited).toBeGreaterThan(150);
    const right = await c.auth.signInWithPassword({ email: victim, password: 'right-pass-1' });
    expect(right.error?.code).toBe('over_request_rate_limit');
    expect(
      (await anonClient(b).auth.signInWithPassword({ email: bystander, password: 'right-pass-1' })).error,
    ).toBeNull();
  });
});

describe('OTP guessing', () => {
  async function requestCode(b: LocalBackend, email: string): Promise<string> {
    const before = b.inbox().length;
    const { error } = await anonClient(b).auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error).toBeNull();
    const mail = b
      .inbox()
      .slice(before)
      .find((m) => m.to === email);
    expect(mail?.otp).toMatch(/^\d{6}$/);
    return mail!.otp!;
  }
  const wrongCodes = (right: string, n: number) =>
    Array.from({ length: n }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));

  it('per account: a few wrong codes burn the code, so the right one no longer signs in', async () => {
    const b = open;
    const email = uniqueEmail('otp');
    await signUp(b, email);
    const code = await requestCode(b, email);
    const c = anonClient(b);
    for (const wrong of wrongCodes(code, 200)) {
      const r = await c.auth.verifyOtp({ email, token: wrong, type: 'email' });
      expect(r.error?.status === 403 || r.error?.status === 429).toBe(true);
    }
    const right = await c.auth.verifyOtp({ email, token: code, type: 'email' });
    expect(right.data.session).toBeNull();
    expect(right.error).not.toBeNull();
  });

  it('per IP: verification attempts beyond the burst answer 429', async () => {
    const b = limited;
    const email = uniqueEmail('otp-ip');
    await signUp(b, email);
    const code = await requestCode(b, email);
    const statuses: number[] = [];
    for (const [i, wrong] of wrongCodes(code, 40).entries()) {
      const r = await post(b, '/verify', { type: 'email', email: `someone-${i}@example.test`, token: wrong });
      statuses.push(r.status);
    }
    expect(statuses.at(-1)).toBe(429);
    const right = await anonClient(b).auth.verifyOtp({ email, token: code, type: 'email' });
    expect(right.error?.code).toBe('over_request_rate_limit');
  });
});

describe('mail and sign-up floods', () => {
  it('reset mails: the same address again at once is refused (max_frequency); a flood from one IP is cut at the burst', async () => {
    const b = limited;
    const email = uniqueEmail('reset');
    await signUp(b, email);
    const c = anonClient(b);
    expect((await c.auth.resetPasswordForEmail(email)).error).toBeNull();
    const again = await c.auth.resetPasswordForEmail(email);
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await post(b, '/recover', { email: uniqueEmail('nobody') })).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(30);
    expect(statuses.at(-1)).toBe(429);
    expect(b.inbox().filter((m) => m.type === 'recovery')).toHaveLength(1);
  });

  it('sign-ups: one IP gets the burst of 30, then 429', async () => {
    const b = limited;
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await post(b, '/signup', { email: uniqueEmail('flood'), password: 'flood-pass' })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    const rows = await b.query("select count(*)::int as n from auth.users where email like 'flood-%'");
    expect(rows.rows[0].n).toBe(statuses.filter((s) => s === 200).length);
  });
});

describe('account changes', () => {
  it('a password change signs out the other sessions (access and refresh tokens), not the current one', async () => {
    const b = limited;
    const email = uniqueEmail('pw');
    await signUp(b, email, 'first-pass');
    const other = anonClient(b);
    const otherSession = (await other.auth.signInWithPassword({ email, password: 'first-pass' })).data.session!;
    const me = anonClient(b);
    expect((await me.auth.signInWithPassword({ email, password: 'first-pass' })).error).toBeNull();
    expect((await me.auth.updateUser({ password: 'second-pass' })).error).toBeNull();

    const user = await fetch(`${b.url}/auth/v1/user`, {
      headers: { apikey: b.anonKey, Authorization: `Bearer ${otherSession.access_token}` },
    });
    expect(user.status).toBe(403);
    expect(((await user.json()) as { error_code: string }).error_code).toBe('session_not_found');
    const refresh = await post(b, '/token?grant_type=refresh_token', { refresh_token: otherSession.refresh_token });
    expect(refresh.status).toBe(400);
    expect((await me.auth.getUser()).error).toBeNull();
    expect((await me.auth.refreshSession()).error).toBeNull();
  });

  it('an e-mail change mails both addresses and takes effect only after both confirm', async () => {
    const b = limited;
    const oldEmail = uniqueEmail('old');
    const newEmail = uniqueEmail('new');
    await signUp(b, oldEmail, 'change-pass');
    const me = anonClient(b);
    await me.auth.signInWithPassword({ email: oldEmail, password: 'change-pass' });
    const before = b.inbox().length;
    const upd = await me.auth.updateUser({ email: newEmail });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.email).toBe(oldEmail);
    expect(upd.data.user?.new_email).toBe(newEmail);
    const mails = b
      .inbox()
      .slice(before)
      .filter((m) => m.type === 'email_change');
    expect(mails.map((m) => m.to).sort()).toEqual([newEmail, oldEmail].sort());
    expect(
      (await anonClient(b).auth.signInWithPassword({ email: newEmail, password: 'change-pass' })).error?.code,
    ).toBe('invalid_credentials');

    const first = await fetch(mails.find((m) => m.to === newEmail)!.link!, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(first.headers.get('location')!).hash.slice(1)).get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect((await me.auth.getUser()).data.user?.email).toBe(oldEmail);
    const second = await fetch(mails.find((m) => m.to === oldEmail)!.link!, { redirect: 'manual' });
    expect(new URL(second.headers.get('location')!).searchParams.get('access_token')).toBeTruthy();
    expect((await me.auth.getUser()).data.user?.email).toBe(newEmail);
    expect(
      (await anonClient(b).auth.signInWithPassword({ email: newEmail, password: 'change-pass' })).error,
    ).toBeNull();
  });
});

describe('no enumeration, redirects, inbox', () => {
  it('/otp answers the same for a known and an unknown e-mail', async () => {
    const b = limited;
    const known = uniqueEmail('known');
    await signUp(b, known);
    const a = await post(b, '/otp', { email: known, create_user: false });
    const u = await post(b, '/otp', { email: uniqueEmail('unknown'), create_user: false });
    expect([a.status, await a.text()]).toEqual([u.status, await u.text()]);
    expect(a.status).toBe(200);
  });

  it('redirects only to site_url and additional_redirect_urls, not to any localhost port', async () => {
    const b = limited;
    const email = uniqueEmail('redir');
    await signUp(b, email);
    const landing = async (redirectTo: string) => {
      const before = b.inbox().length;
      await post(b, `/recover?redirect_to=${encodeURIComponent(redirectTo)}`, { email });
      const mail = b.inbox().slice(before)[0]!;
      b.resetRateLimits(); // one reset mail per address per max_frequency
      const hop = await fetch(mail.link!, { redirect: 'manual' });
      const u = new URL(hop.headers.get('location')!);
      return u.origin + u.pathname;
    };
    // not allowed: GoTrue falls back to site_url
    expect(await landing('http://localhost:9999/steal')).toBe('http://localhost:4173/');
    expect(await landing('http://127.0.0.1:8080/steal')).toBe('http://localhost:4173/');
    expect(await landing('https://evil.example/steal')).toBe('http://localhost:4173/');
    expect(await landing('http://localhost:4173.evil.example/steal')).toBe('http://localhost:4173/');
    expect(await landing('http://localhost:5173/reset-password')).toBe('http://localhost:5173/reset-password');
    expect(await landing('http://localhost:4173/reset-password')).toBe('http://localhost:4173/reset-password');
  });

  it('the local inbox is not readable by web pages: no CORS headers, other origins refused', async () => {
    const b = limited;
    const evil = await fetch(`${b.url}/__local/inbox`, { headers: { Origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await fetch(`${b.url}/__local/inbox`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const local = await fetch(`${b.url}/__local/inbox`);
    expect(local.status).toBe(200);
    expect(local.headers.get('access-control-allow-origin')).toBeNull();
    expect(Array.isArray(await local.json())).toBe(true);
  });
});
