/**
 * developer_apps on the local backend (issue 8 item 3; issue 29: rows are written by the
 * register-app function with the service role — the owner can no longer insert through the sync
 * push RPC or REST, only read, rename, disable and delete); another developer cannot read, change or delete them; a fan without a
 * developer MediaID cannot register one; invalid redirect URIs, unknown scopes, a clear-text
 * "hash" and client-set usage counters are refused or ignored by the server; the secret itself is
 * nowhere on the server.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserClient, serviceClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

type Actor = { client: SupabaseClient; user: User };
type PushResult = { id: string; error?: { code: string; message: string }; conflict?: unknown }[];

let backend: LocalBackend;
let owner: Actor;
let rival: Actor;
let fan: Actor;

async function developer(tag: string): Promise<Actor> {
  const made = await createUserClient(backend, uniqueEmail(tag), 'dev-pass-1', { role: 'developer' });
  const { error } = await made.client.from('media_ids').insert({ user_uuid: made.user.id, role: 'developer' });
  if (error) throw new Error(`developer MediaID: ${error.message}`);
  return made;
}

function newApp(ownerId: string, overrides: Record<string, unknown> = {}) {
  const secret = `bkt_sk_${randomBytes(32).toString('base64url')}`;
  const now = new Date().toISOString();
  return {
    secret,
    row: {
      id: randomUUID(),
      owner_id: ownerId,
      name: 'Crate Finder',
      description: 'Finds records you will love.',
      client_id: `bkt_${randomBytes(18).toString('base64url')}`,
      client_secret_hash: createHash('sha256').update(secret).digest('hex'),
      client_secret_last4: secret.slice(-4),
      redirect_uris: ['https://cratefinder.app/callback', 'http://localhost:3000/cb'],
      scopes: ['preferences:read', 'media:read'],
      status: 'active',
      api_calls: 0,
      users: 0,
      last_used: null,
      created_at: now,
      updated_at: now,
      _deleted: false,
      ...overrides,
    },
  };
}

async function push(actor: Actor, rows: { new: Record<string, unknown>; assumed: Record<string, unknown> | null }[]) {
  const r = await actor.client.rpc('sync_push', { p_table: 'developer_apps', p_rows: rows });
  expect(r.error).toBeNull();
  return r.data as PushResult;
}

/** The row as register-app writes it (service role). */
async function seed(row: Record<string, unknown>) {
  return serviceClient(backend).from('developer_apps').insert(row).select().single();
}

beforeAll(async () => {
  backend = await withBackend();
  owner = await developer('dev-owner');
  rival = await developer('dev-rival');
  const made = await createUserClient(backend, uniqueEmail('fan'), 'fan-pass-1', { role: 'fan' });
  await made.client.from('media_ids').insert({ user_uuid: made.user.id, role: 'fan' });
  fan = made;
});
afterAll(async () => {
  await backend?.stop();
});

describe('developer_apps', () => {
  it('the owner cannot create through sync_push or REST; reads back what the server wrote; the secret is never stored', async () => {
    const pushed = newApp(owner.user.id);
    expect((await push(owner, [{ new: pushed.row, assumed: null }]))[0]?.error?.code).toBe('42501');
    expect((await owner.client.from('developer_apps').insert(pushed.row).select()).error).not.toBeNull();
    expect((await seed(pushed.row)).error).toBeNull();
    const rest = newApp(owner.user.id, { name: 'Gig Radar', scopes: ['events:read'] });
    expect((await seed(rest.row)).error).toBeNull();

    const mine = await owner.client.from('developer_apps').select('*').order('name');
    expect(mine.error).toBeNull();
    expect(mine.data?.map((r) => r.name)).toEqual(['Crate Finder', 'Gig Radar']);
    const row = mine.data!.find((r) => r.id === pushed.row.id)!;
    expect(row.owner_id).toBe(owner.user.id);
    expect(row.client_secret_hash).toBe(createHash('sha256').update(pushed.secret).digest('hex'));
    expect(row._modified).toEqual(expect.any(String));
    expect(typeof row.api_calls).toBe('number'); // bigint arrives as a JSON number (RxDB schema: number)

    // Nowhere on the server, in any column of any row, is the clear secret.
    const dump = JSON.stringify((await backend.query('select * from public.developer_apps')).rows);
    expect(dump).not.toContain(pushed.secret);
    expect(dump).not.toContain(rest.secret);
    expect(dump).not.toContain(pushed.secret.slice(7, 30));
  });

  it('another developer cannot select, update, soft-delete or delete the app; the owner can', async () => {
    const { row } = newApp(owner.user.id, { name: 'Private App' });
    expect((await seed(row)).error).toBeNull();
    const before = JSON.stringify((await backend.query('select * from developer_apps where id = $1', [row.id])).rows);
    const c = rival.client.from('developer_apps');

    expect((await c.select('*').eq('id', row.id)).data).toEqual([]);
    expect((await rival.client.from('developer_apps').select('id')).data).toEqual([]);
    expect((await c.update({ name: 'pwned' }).eq('id', row.id).select()).data ?? []).toEqual([]);
    expect(
      (await rival.client.from('developer_apps').update({ _deleted: true }).eq('id', row.id).select()).data ?? [],
    ).toEqual([]);
    expect((await rival.client.from('developer_apps').delete().eq('id', row.id).select()).data ?? []).toEqual([]);
    const current = (await backend.query('select _modified from developer_apps where id = $1', [row.id])).rows[0];
    const stolen = await push(rival, [{ new: { ...row, name: 'pwned' }, assumed: { _modified: current._modified } }]);
    expect(stolen).toHaveLength(1);
    expect(stolen[0]!.error).toBeDefined();
    const forged = await push(rival, [{ new: newApp(owner.user.id).row, assumed: null }]);
    expect(forged[0]!.error?.code).toBe('42501');
    expect(JSON.stringify((await backend.query('select * from developer_apps where id = $1', [row.id])).rows)).toBe(
      before,
    );

    // The owner disables it, then deletes it (soft delete through the push, like the app).
    const disabled = await owner.client
      .from('developer_apps')
      .update({ status: 'disabled' })
      .eq('id', row.id)
      .select()
      .single();
    expect(disabled.data?.status).toBe('disabled');
    const served = disabled.data as Record<string, unknown>;
    expect(
      await push(owner, [{ new: { ...served, _deleted: true }, assumed: { _modified: served._modified } }]),
    ).toEqual([]);
    expect((await backend.query('select _deleted from developer_apps where id = $1', [row.id])).rows[0]._deleted).toBe(
      true,
    );
  });

  it('a fan without a developer MediaID cannot register an app', async () => {
    const viaPush = await push(fan, [{ new: newApp(fan.user.id).row, assumed: null }]);
    expect(viaPush[0]!.error?.code).toBe('42501');
    const viaRest = await fan.client.from('developer_apps').insert(newApp(fan.user.id).row).select();
    expect(viaRest.error).not.toBeNull();
    expect(
      (await backend.query('select count(*)::int as n from developer_apps where owner_id = $1', [fan.user.id])).rows[0]
        .n,
    ).toBe(0);
  });

  it('the database refuses invalid redirect URIs, unknown scopes and anything but a SHA-256 hex hash (even from the service role)', async () => {
    const bad: [string, Record<string, unknown>][] = [
      ['not a URL', { redirect_uris: ['not a url'] }],
      ['ftp URL', { redirect_uris: ['ftp://files.example.com/cb'] }],
      ['plain http off localhost', { redirect_uris: ['http://example.com/cb'] }],
      ['no redirect URI', { redirect_uris: [] }],
      [
        'a comma smuggling a second URI',
        { redirect_uris: ['https://ok.example/cb,javascript:alert(document.domain)//'] },
      ],
      ['whitespace', { redirect_uris: ['https://ok.example/cb javascript:alert(1)'] }],
      ['a fragment', { redirect_uris: ['https://ok.example/cb#x'] }],
      ['userinfo', { redirect_uris: ['https://user@ok.example/cb'] }],
      ['unknown scope', { scopes: ['media:read', 'admin:all'] }],
      ['no scope', { scopes: [] }],
      ['clear-text secret', { client_secret_hash: 'bkt_sk_plain-secret' }],
      ['empty name', { name: '   ' }],
      ['long name', { name: 'x'.repeat(81) }],
      ['bad status', { status: 'deleted' }],
    ];
    for (const [label, overrides] of bad) {
      const rest = await seed(newApp(owner.user.id, overrides).row);
      expect(rest.error?.code, label).toBe('23514');
    }
  });

  it('usage counters are the server’s and credentials never change', async () => {
    const { row } = newApp(owner.user.id);
    expect((await seed(row)).error).toBeNull();
    await owner.client
      .from('developer_apps')
      .update({ api_calls: 999_999, users: 42, last_used: new Date().toISOString() })
      .eq('id', row.id);
    const stored = (await backend.query('select * from developer_apps where id = $1', [row.id])).rows[0];
    expect([Number(stored.api_calls), stored.users, stored.last_used]).toEqual([0, 0, null]);
    const renamed = await owner.client
      .from('developer_apps')
      .update({ client_id: 'bkt_replacedreplacedreplaced' })
      .eq('id', row.id)
      .select();
    expect(renamed.error?.code).toBe('42501');
    const hashed = await owner.client
      .from('developer_apps')
      .update({ client_secret_hash: 'a'.repeat(64) })
      .eq('id', row.id)
      .select();
    expect(hashed.error?.code).toBe('42501');
  });
});
