/**
 * The auth admin API through `supabase.auth.admin.*` of @supabase/supabase-js:
 * GoTrue's shapes for create/list/get/update/delete and generateLink, service role only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { anonClient, clientOptions, createArtistClient, serviceClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
beforeAll(async () => {
  backend = await withBackend();
});
afterAll(async () => {
  await backend.stop();
});

describe('auth admin API', () => {
  it('creates, gets, updates and lists users in GoTrue shape', async () => {
    const admin = serviceClient(backend).auth.admin;
    const email = uniqueEmail('admin-made');
    const made = await admin.createUser({
      email,
      password: 'made-pass-1',
      email_confirm: true,
      user_metadata: { display_name: 'Made' },
      app_metadata: { role: 'admin' },
    });
    expect(made.error).toBeNull();
    const user = made.data.user!;
    expect(user).toMatchObject({ email, aud: 'authenticated', role: 'authenticated', user_metadata: { display_name: 'Made' } });
    expect(user.app_metadata).toMatchObject({ role: 'admin', provider: 'email', providers: ['email'] });
    expect(user.email_confirmed_at).toBeTruthy();
    const signIn = await anonClient(backend).auth.signInWithPassword({ email, password: 'made-pass-1' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.user.app_metadata.role).toBe('admin');

    const dup = await admin.createUser({ email, password: 'other-pass' });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('email_exists');

    const unconfirmed = await admin.createUser({ email: uniqueEmail('admin-unconfirmed'), password: 'made-pass-1' });
    expect(unconfirmed.data.user?.email_confirmed_at).toBeUndefined();

    const got = await admin.getUserById(user.id);
    expect(got.data.user?.email).toBe(email);
    const missing = await admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.code).toBe('user_not_found');

    const upd = await admin.updateUserById(user.id, {
      password: 'changed-pass-2',
      user_metadata: { display_name: null, city: 'Lagos' },
      app_metadata: { role: 'fan' },
    });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata).toEqual({ city: 'Lagos' });
    expect(upd.data.user?.app_metadata.role).toBe('fan');
    // an admin password change signs every session out
    const old = await fetch(`${backend.url}/auth/v1/user`, {
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${signIn.data.session!.access_token}` },
    });
    expect(old.status).toBe(403);
    expect((await anonClient(backend).auth.signInWithPassword({ email, password: 'changed-pass-2' })).error).toBeNull();

    const page = await admin.listUsers({ page: 1, perPage: 1 });
    if (page.error) throw page.error;
    expect(page.data.users).toHaveLength(1);
    expect(page.data.total).toBeGreaterThanOrEqual(2);
    expect(page.data.nextPage).toBe(2);
    const all = await admin.listUsers({ perPage: 1000 });
    expect(all.data.users.map((u) => u.email)).toContain(email);
  });

  it('deletes a user, cascading to their rows; a soft delete frees the address', async () => {
    const admin = serviceClient(backend).auth.admin;
    const email = uniqueEmail('doomed');
    const { user } = await createArtistClient(backend, email, 'doomed-pass');
    expect((await backend.query('select count(*)::int as n from public.media_ids where user_uuid = $1', [user.id])).rows[0].n).toBe(1);
    const del = await admin.deleteUser(user.id);
    expect(del.error).toBeNull();
    expect((await admin.getUserById(user.id)).error?.code).toBe('user_not_found');
    expect((await backend.query('select count(*)::int as n from public.media_ids where user_uuid = $1', [user.id])).rows[0].n).toBe(0);
    expect((await anonClient(backend).auth.signInWithPassword({ email, password: 'doomed-pass' })).error?.code).toBe('invalid_credentials');

    const softEmail = uniqueEmail('soft');
    const soft = (await admin.createUser({ email: softEmail, password: 'soft-pass', email_confirm: true })).data.user!;
    expect((await admin.deleteUser(soft.id, true)).error).toBeNull();
    expect((await admin.getUserById(soft.id)).error?.code).toBe('user_not_found');
    expect((await backend.query('select deleted_at from auth.users where id = $1', [soft.id])).rows[0].deleted_at).toBeTruthy();
    expect((await admin.createUser({ email: softEmail, password: 'soft-pass' })).error).toBeNull();
  });

  it('generateLink: signup, magiclink and recovery links and codes that sign in', async () => {
    const admin = serviceClient(backend).auth.admin;
    const email = uniqueEmail('linked');
    const before = backend.inbox().length;
    const signup = await admin.generateLink({ type: 'signup', email, password: 'linked-pass', options: { redirectTo: 'http://localhost:4173/onboarding' } });
    if (signup.error) throw signup.error;
    expect(signup.data.user.email).toBe(email);
    expect(signup.data.properties).toMatchObject({ verification_type: 'signup', redirect_to: 'http://localhost:4173/onboarding' });
    expect(signup.data.properties.email_otp).toMatch(/^\d{6}$/);
    const hop = await fetch(signup.data.properties.action_link, { redirect: 'manual' });
    const landing = new URL(hop.headers.get('location')!);
    expect(landing.pathname).toBe('/onboarding');
    expect(landing.searchParams.get('access_token')).toBeTruthy();

    const magic = await admin.generateLink({ type: 'magiclink', email });
    if (magic.error) throw magic.error;
    expect(magic.data.properties.verification_type).toBe('magiclink');
    const byHash = await anonClient(backend).auth.verifyOtp({ token_hash: magic.data.properties.hashed_token, type: 'magiclink' });
    expect(byHash.error).toBeNull();
    expect(byHash.data.session?.user.email).toBe(email);

    const recovery = await admin.generateLink({ type: 'recovery', email });
    if (recovery.error) throw recovery.error;
    const byCode = await anonClient(backend).auth.verifyOtp({ email, token: recovery.data.properties.email_otp, type: 'recovery' });
    expect(byCode.error).toBeNull();
    expect(backend.inbox().length).toBe(before); // generate_link sends nothing

    const nobody = await admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(nobody.error?.status).toBe(404);
    expect(nobody.error?.code).toBe('user_not_found');
  });

  it('refuses anon and signed-in users (not_admin) on every admin route', async () => {
    const anon = anonClient(backend);
    const a = await anon.auth.admin.listUsers();
    expect(a.error?.status).toBe(403);
    expect(a.error?.code).toBe('not_admin');
    expect(a.error?.message).toBe('User not allowed');

    const { accessToken, user } = await createArtistClient(backend, uniqueEmail('sneaky'), 'sneaky-pass');
    const asUser = createClient(backend.url, backend.anonKey, {
      ...clientOptions(),
      global: { headers: { Authorization: `Bearer ${accessToken}` } },
    });
    const attempts = [
      await asUser.auth.admin.listUsers(),
      await asUser.auth.admin.createUser({ email: uniqueEmail('nope'), password: 'nope-pass' }),
      await asUser.auth.admin.updateUserById(user.id, { app_metadata: { role: 'admin' } }),
      await asUser.auth.admin.deleteUser(user.id),
      await asUser.auth.admin.generateLink({ type: 'magiclink', email: 'x@example.test' }),
    ];
    for (const r of attempts) expect(r.error?.code).toBe('not_admin');
    expect((await serviceClient(backend).auth.admin.getUserById(user.id)).data.user?.app_metadata.role).toBeUndefined();
    // a user cannot grant themselves app_metadata through PUT /user either
    const self = await fetch(`${backend.url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: backend.anonKey, Authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(self.status).toBe(403);
  });
});
