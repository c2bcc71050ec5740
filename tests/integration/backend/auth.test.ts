/**
 * /auth/v1 through the real supabase-js client: sign-up → sign-in → refresh → password
 * update → recovery via the local inbox link, plus GoTrue error shapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { anonClient, clientOptions, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
beforeAll(async () => {
  backend = await withBackend();
});
afterAll(async () => {
  await backend.stop();
});

describe('auth lifecycle', () => {
  it('signs up, signs in, refreshes, changes password and recovers via the inbox link', async () => {
    const email = uniqueEmail('life');
    const client = anonClient(backend);
    const up = await client.auth.signUp({ email, password: 'first-pass', options: { data: { role: 'artist' } } });
    expect(up.error).toBeNull();
    expect(up.data.session?.access_token).toBeTruthy();
    expect(up.data.user?.email).toBe(email);
    expect(up.data.user?.user_metadata.role).toBe('artist');
    const userId = up.data.user!.id;

    const signIn = await client.auth.signInWithPassword({ email, password: 'first-pass' });
    expect(signIn.error).toBeNull();
    const first = signIn.data.session!;
    expect(first.user.id).toBe(userId);
    expect(first.expires_in).toBe(3600);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(first.refresh_token);

    const got = await client.auth.getUser();
    expect(got.data.user?.id).toBe(userId);

    const same = await client.auth.updateUser({ password: 'first-pass' });
    expect(same.error?.code).toBe('same_password');
    const weak = await client.auth.updateUser({ password: '123' });
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');
    const upd = await client.auth.updateUser({ password: 'second-pass' });
    expect(upd.error).toBeNull();
    const oldPw = await anonClient(backend).auth.signInWithPassword({ email, password: 'first-pass' });
    expect(oldPw.error?.message).toBe('Invalid login credentials');
    const newPw = await anonClient(backend).auth.signInWithPassword({ email, password: 'second-pass' });
    expect(newPw.error).toBeNull();

    // recovery
    const before = backend.inbox().length;
    const rec = await anonClient(backend).auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:4173/reset-password' });
    expect(rec.error).toBeNull();
    const mails = backend.inbox().slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.type).toBe('recovery');
    expect(mail.to).toBe(email);
    const inboxHttp = (await (await fetch(`${backend.url}/__local/inbox`)).json()) as { link: string }[];
    expect(inboxHttp.at(-1)?.link).toBe(mail.link);

    const hop = await fetch(mail.link!, { redirect: 'manual' });
    expect(hop.status).toBe(303);
    const landing = new URL(hop.headers.get('location')!);
    expect(landing.origin + landing.pathname).toBe('http://localhost:4173/reset-password');
    expect(landing.searchParams.get('type')).toBe('recovery');
    const at = landing.searchParams.get('access_token')!;
    const rt = landing.searchParams.get('refresh_token')!;
    expect(at && rt).toBeTruthy();
    expect(new URLSearchParams(landing.hash.slice(1)).get('access_token')).toBe(at);

    // the link is single-use
    const again = await fetch(mail.link!, { redirect: 'manual' });
    expect(new URL(again.headers.get('location')!).searchParams.get('error_code')).toBe('otp_expired');

    const resetClient = anonClient(backend);
    const set = await resetClient.auth.setSession({ access_token: at, refresh_token: rt });
    expect(set.error).toBeNull();
    expect(set.data.user?.id).toBe(userId);
    expect((await resetClient.auth.updateUser({ password: 'third-pass' })).error).toBeNull();
    expect((await anonClient(backend).auth.signInWithPassword({ email, password: 'third-pass' })).error).toBeNull();

    // sign out ends the session server-side
    await resetClient.auth.signOut();
    const afterOut = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${at}` } });
    expect(afterOut.status).toBe(403);
    expect(((await afterOut.json()) as { error_code: string }).error_code).toBe('session_not_found');
  });

  it('answers errors in GoTrue shape', async () => {
    const email = uniqueEmail('err');
    const c = anonClient(backend);
    const weak = await c.auth.signUp({ email, password: '12345' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');

    expect((await c.auth.signUp({ email, password: 'good-pass' })).error).toBeNull();
    const dup = await anonClient(backend).auth.signUp({ email, password: 'good-pass' });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('user_already_exists');
    expect(dup.error?.message).toBe('User already registered');

    const bad = await anonClient(backend).auth.signInWithPassword({ email, password: 'wrong-pass' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('invalid_credentials');
    expect(bad.error?.message).toBe('Invalid login credentials');

    const unknown = await anonClient(backend).auth.signInWithPassword({ email: uniqueEmail('ghost'), password: 'whatever' });
    expect(unknown.error?.message).toBe('Invalid login credentials');

    const badEmail = await anonClient(backend).auth.signUp({ email: 'not-an-email', password: 'good-pass' });
    expect(badEmail.error?.status).toBe(400);

    const oauth = await fetch(`${backend.url}/auth/v1/authorize?provider=google&redirect_to=http://localhost:4173/onboarding`, { redirect: 'manual' });
    expect(oauth.status).toBe(400);
    expect(await oauth.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' });

    const settings = (await (await fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: backend.anonKey } })).json()) as {
      external: Record<string, boolean>;
      mailer_autoconfirm: boolean;
    };
    expect(settings.external.email).toBe(true);
    expect(settings.external.google).toBe(false);
    expect(settings.mailer_autoconfirm).toBe(true);
  });

  it('rotates refresh tokens and refuses an unknown or reused one', async () => {
    const email = uniqueEmail('rot');
    const c = anonClient(backend);
    const s0 = (await c.auth.signUp({ email, password: 'rotate-me' })).data.session!;
    const post = (token: string) =>
      fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: token }),
      });
    const r1 = await post(s0.refresh_token);
    expect(r1.status).toBe(200);
    const s1 = (await r1.json()) as { refresh_token: string };
    expect(s1.refresh_token).not.toBe(s0.refresh_token);

    const unknown = await post('definitely-not-a-token');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error_code: string }).error_code).toBe('refresh_token_not_found');

    // GoTrue: the parent of the live token gets the live token back (the client lost the answer)
    const lost = await post(s0.refresh_token);
    expect(lost.status).toBe(200);
    expect(((await lost.json()) as { refresh_token: string }).refresh_token).toBe(s1.refresh_token);
    const s2 = (await (await post(s1.refresh_token)).json()) as { refresh_token: string };

    // an older token reused after the reuse interval revokes the family
    await backend.query("update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1", [s0.refresh_token]);
    const reused = await post(s0.refresh_token);
    expect(reused.status).toBe(400);
    const body = (await reused.json()) as { error_code: string; msg: string };
    expect(body.error_code).toBe('refresh_token_already_used');
    expect(body.msg).toBe('Invalid Refresh Token: Already Used');
    expect((await post(s2.refresh_token)).status).toBe(400);

    const viaJs = await anonClient(backend).auth.refreshSession({ refresh_token: s2.refresh_token });
    expect(viaJs.error?.message).toMatch(/Invalid Refresh Token/);
  });

  it('honours a short access-token expiry (expired JWT → 401 on /rest)', async () => {
    const short = await withBackend({ jwtExpirySeconds: 1 });
    try {
      const c = anonClient(short);
      const s = (await c.auth.signUp({ email: uniqueEmail('exp'), password: 'expire-me' })).data.session!;
      await new Promise((r) => setTimeout(r, 2100));
      const res = await fetch(`${short.url}/rest/v1/profiles?select=*`, { headers: { apikey: short.anonKey, Authorization: `Bearer ${s.access_token}` } });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string; message: string }).message).toBe('JWT expired');
    } finally {
      await short.stop();
    }
  });
});

describe('auth with e-mail confirmation on', () => {
  it('withholds the session until the confirmation link is followed', async () => {
    const b = await withBackend({ emailConfirm: true });
    try {
      const email = uniqueEmail('confirm');
      const c = createClient(b.url, b.anonKey, clientOptions());
      const up = await c.auth.signUp({ email, password: 'confirm-me', options: { emailRedirectTo: 'http://localhost:4173/onboarding' } });
      expect(up.error).toBeNull();
      expect(up.data.session).toBeNull();
      const early = await c.auth.signInWithPassword({ email, password: 'confirm-me' });
      expect(early.error?.code).toBe('email_not_confirmed');
      const mail = b.inbox().find((m) => m.to === email && m.type === 'confirmation')!;
      expect(mail).toBeTruthy();
      const hop = await fetch(mail.link!, { redirect: 'manual' });
      const landing = new URL(hop.headers.get('location')!);
      expect(landing.pathname).toBe('/onboarding');
      expect(landing.searchParams.get('access_token')).toBeTruthy();
      expect((await c.auth.signInWithPassword({ email, password: 'confirm-me' })).error).toBeNull();
    } finally {
      await b.stop();
    }
  });
});
