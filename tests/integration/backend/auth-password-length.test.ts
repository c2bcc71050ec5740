/**
 * bcrypt reads only the first 72 bytes of a password: a longer one must never
 * be stored nor sign in by truncation. GoTrue refuses it with 400 validation_failed
 * "Password cannot be longer than 72 characters" (internal/api/password.go checkPasswordStrength,
 * a byte count) on sign-up, PUT /user (also after a recovery link), admin update and
 * generate_link sign-up; admin create answers 400 validation_failed with bcrypt's error
 * (internal/api/admin.go, bcrypt.ErrPasswordTooLong).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

const TOO_LONG = 'Password cannot be longer than 72 characters';
const base72 = 'p'.repeat(72);
const long = (tail: string): string => base72 + tail;

let backend: LocalBackend;
beforeAll(async () => {
  backend = await withBackend();
});
afterAll(async () => {
  await backend.stop();
});

const signIn = (email: string, password: string) => anonClient(backend).auth.signInWithPassword({ email, password });

describe('passwords longer than 72 bytes', () => {
  it('sign-up refuses them (bytes, not characters) and creates no account', async () => {
    const email = uniqueEmail('long-up');
    const up = await anonClient(backend).auth.signUp({ email, password: long('-first-tail') });
    expect(up.error?.status).toBe(400);
    expect(up.error?.code).toBe('validation_failed');
    expect(up.error?.message).toBe(TOO_LONG);
    expect(up.data.session).toBeNull();
    // the truncation attack: a different tail after byte 72 must not sign in
    const tail = await signIn(email, long('-other-tail'));
    expect(tail.error?.code).toBe('invalid_credentials');
    expect((await backend.query('select 1 from auth.users where email = $1', [email])).rows).toHaveLength(0);

    // 25 × '€' is 25 characters but 75 bytes in UTF-8
    const euro = await anonClient(backend).auth.signUp({ email: uniqueEmail('long-euro'), password: '€'.repeat(25) });
    expect(euro.error?.status).toBe(400);
    expect(euro.error?.message).toBe(TOO_LONG);

    // exactly 72 bytes is fine
    const ok = await anonClient(backend).auth.signUp({ email: uniqueEmail('long-72'), password: base72 });
    expect(ok.error).toBeNull();
  });

  it('sign-in never succeeds by truncation', async () => {
    const email = uniqueEmail('long-in');
    expect((await anonClient(backend).auth.signUp({ email, password: base72 })).error).toBeNull();
    expect((await signIn(email, base72)).error).toBeNull();
    const extended = await signIn(email, long('x'));
    expect(extended.error?.status).toBe(400);
    expect(extended.error?.code).toBe('invalid_credentials');
    expect(extended.data.session).toBeNull();
  });

  it('PUT /user refuses them, also with a recovery session, and keeps the old password', async () => {
    const email = uniqueEmail('long-put');
    const c = anonClient(backend);
    expect((await c.auth.signUp({ email, password: 'short-pass-1' })).error).toBeNull();
    const upd = await c.auth.updateUser({ password: long('-a') });
    expect(upd.error?.status).toBe(400);
    expect(upd.error?.code).toBe('validation_failed');
    expect(upd.error?.message).toBe(TOO_LONG);

    const before = backend.inbox().length;
    expect((await anonClient(backend).auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = backend.inbox().slice(before)[0]!;
    const hop = await fetch(mail.link!, { redirect: 'manual' });
    const landing = new URL(hop.headers.get('location')!);
    const reset = anonClient(backend);
    const set = await reset.auth.setSession({
      access_token: landing.searchParams.get('access_token')!,
      refresh_token: landing.searchParams.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    const rec = await reset.auth.updateUser({ password: long('-recovered') });
    expect(rec.error?.status).toBe(400);
    expect(rec.error?.message).toBe(TOO_LONG);

    expect((await signIn(email, 'short-pass-1')).error).toBeNull();
    expect((await signIn(email, long('-zzz'))).error?.code).toBe('invalid_credentials');
  });

  it('the admin API refuses them on create, update and generate_link sign-up', async () => {
    const admin = serviceClient(backend).auth.admin;
    const email = uniqueEmail('long-admin');
    const made = await admin.createUser({ email, password: long('-admin'), email_confirm: true });
    expect(made.error?.status).toBe(400);
    expect(made.error?.code).toBe('validation_failed');
    expect(made.error?.message).toBe('bcrypt: password length exceeds 72 bytes');
    expect((await signIn(email, long('-other'))).error?.code).toBe('invalid_credentials');

    const ok = await admin.createUser({ email, password: 'admin-made-1', email_confirm: true });
    expect(ok.error).toBeNull();
    const upd = await admin.updateUserById(ok.data.user!.id, { password: long('-upd') });
    expect(upd.error?.status).toBe(400);
    expect(upd.error?.code).toBe('validation_failed');
    expect(upd.error?.message).toBe(TOO_LONG);
    expect((await signIn(email, 'admin-made-1')).error).toBeNull();

    const link = await admin.generateLink({ type: 'signup', email: uniqueEmail('long-link'), password: long('-link') });
    expect(link.error?.status).toBe(400);
    expect(link.error?.code).toBe('validation_failed');
    expect(link.error?.message).toBe(TOO_LONG);
  });
});
