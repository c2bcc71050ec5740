/**
 * PostgREST semantics that used to be silently wrong on the local backend: tx=rollback,
 * max-affected (handling=strict), strict preferences, RPC select/filters/order/count,
 * read-only GET /rpc, key-only upsert and 200 vs 201, filterless PATCH/DELETE, max_rows,
 * and unimplemented features answering an error that names them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
let h: Record<string, string>;

beforeAll(async () => {
  backend = await withBackend();
  h = { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' };
  for (const sql of [
    'create table public.pref_items (id int primary key, name text not null default \'\', qty int not null default 0)',
    'grant all on public.pref_items to service_role',
    "insert into public.pref_items (id, name, qty) select g, 'item' || g, g % 3 from generate_series(1, 1205) g",
    'create function public.pref_list(min_qty int) returns setof public.pref_items language sql stable as $$ select * from public.pref_items where qty >= min_qty $$',
    'create function public.pref_bump() returns int language sql volatile as $$ update public.pref_items set qty = qty + 10 where id = 1 returning qty $$',
    'create function public.pref_sum() returns bigint language sql stable as $$ select sum(qty) from public.pref_items $$',
    // nothing is granted by default (as on hosted): grant like a migration would
    'grant execute on function public.pref_list(int), public.pref_bump(), public.pref_sum() to service_role',
  ]) await backend.query(sql);
});
afterAll(async () => {
  await backend.stop();
});

const rest = (path: string, init: RequestInit = {}) => fetch(`${backend.url}/rest/v1/${path}`, { ...init, headers: { ...h, ...(init.headers as Record<string, string>) } });
const qtyOf = async (id: number) => (await backend.query('select qty from public.pref_items where id = $1', [id])).rows[0]?.qty as number | undefined;

describe('Prefer', () => {
  it('tx=rollback answers the would-be result and writes nothing', async () => {
    const r = await rest('pref_items?id=eq.2', { method: 'PATCH', headers: { Prefer: 'tx=rollback, return=representation' }, body: JSON.stringify({ qty: 99 }) });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual([{ id: 2, name: 'item2', qty: 99 }]);
    expect(r.headers.get('preference-applied')).toContain('tx=rollback');
    expect(await qtyOf(2)).toBe(2);
  });

  it('max-affected with handling=strict refuses (PGRST124) and rolls back; lenient ignores it like PostgREST', async () => {
    const r = await rest('pref_items?id=lte.5', { method: 'PATCH', headers: { Prefer: 'handling=strict, max-affected=2' }, body: JSON.stringify({ qty: 50 }) });
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint', details: 'The query affects 5 rows', hint: null });
    expect(await qtyOf(3)).toBe(0);
    const ok = await rest('pref_items?id=lte.2', { method: 'PATCH', headers: { Prefer: 'handling=strict, max-affected=2' }, body: JSON.stringify({ name: 'two-or-less' }) });
    expect(ok.status).toBe(204);
  });

  it('handling=strict names invalid preferences (PGRST122); unimplemented ones are named even when lenient', async () => {
    const r = await rest('pref_items?id=eq.1', { headers: { Prefer: 'handling=strict, frobnicate=yes' } });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'PGRST122', details: 'Invalid preferences: frobnicate=yes' });
    const missing = await rest('pref_items', { method: 'POST', headers: { Prefer: 'missing=default' }, body: JSON.stringify({ id: 5000 }) });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toContain('missing=default is not implemented by the local backend');
    expect(await backend.query('select 1 from public.pref_items where id = 5000').then((x) => x.rows.length)).toBe(0);
  });
});

describe('upserts', () => {
  it('answers 201 when it inserted, 200 when it only updated; a key-only body returns its row', async () => {
    const db = serviceClient(backend);
    const ins = await db.from('pref_items').upsert({ id: 3000, name: 'new' }).select();
    expect(ins.status).toBe(201);
    const upd = await db.from('pref_items').upsert({ id: 3000, name: 'changed' }).select();
    expect(upd.status).toBe(200);
    expect(upd.data).toEqual([{ id: 3000, name: 'changed', qty: 0 }]);
    const keyOnly = await db.from('pref_items').upsert({ id: 3000 }).select();
    expect(keyOnly.status).toBe(200);
    expect(keyOnly.data).toEqual([{ id: 3000, name: 'changed', qty: 0 }]);
  });
});

describe('RPC results', () => {
  it('applies select, filters, order, limit and count to the rows a function returns', async () => {
    const db = serviceClient(backend);
    const r = await db.rpc('pref_list', { min_qty: 2 }, { count: 'exact' }).select('id, qty').lt('id', 20).order('id', { ascending: false }).limit(3);
    expect(r.error).toBeNull();
    expect(r.data).toEqual([{ id: 17, qty: 2 }, { id: 14, qty: 2 }, { id: 11, qty: 2 }]);
    expect(r.count).toBe(6);
    const scalar = await rest('rpc/pref_sum?id=eq.1');
    expect(scalar.status).toBe(400);
    expect((await scalar.json()).code).toBe('PGRST100');
  });

  it('GET /rpc runs read-only: a writing function is refused and writes nothing', async () => {
    const before = await qtyOf(1);
    const r = await rest('rpc/pref_bump');
    expect(r.status).toBe(405);
    expect((await r.json()).code).toBe('25006');
    expect(await qtyOf(1)).toBe(before);
    const post = await rest('rpc/pref_bump', { method: 'POST', body: '{}' });
    expect(post.status).toBe(200);
    expect(await qtyOf(1)).toBe((before ?? 0) + 10);
  });
});

describe('limits and refusals', () => {
  it('caps reads at max_rows from supabase/config.toml (1000)', async () => {
    const r = await serviceClient(backend).from('pref_items').select('id', { count: 'exact' });
    expect(r.data).toHaveLength(1000);
    expect(r.count).toBeGreaterThan(1000);
  });

  it('refuses PATCH and DELETE without any filter (21000) and changes nothing', async () => {
    const del = await rest('pref_items', { method: 'DELETE' });
    expect(del.status).toBe(400);
    expect(await del.json()).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    const patch = await rest('pref_items', { method: 'PATCH', body: JSON.stringify({ qty: 1 }) });
    expect(patch.status).toBe(400);
    expect((await patch.json()).message).toBe('UPDATE requires a WHERE clause');
    expect((await backend.query('select count(*)::int as n from public.pref_items')).rows[0].n).toBeGreaterThan(1000);
  });

  it('names what it does not implement: PUT, CSV, embedded resources', async () => {
    const put = await rest('pref_items?id=eq.1', { method: 'PUT', body: JSON.stringify({ id: 1, name: 'x', qty: 1 }) });
    expect(put.status).toBe(405);
    expect((await put.json()).message).toContain('not implemented by the local backend');
    const csv = await rest('pref_items?id=eq.1', { headers: { Accept: 'text/csv' } });
    expect(csv.status).toBe(406);
    expect((await csv.json()).code).toBe('PGRST107');
  });
});
