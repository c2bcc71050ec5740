/**
 * Nothing wedges the local backend: each hostile or failing request below is followed by
 * another user's request, which must be answered (within a generous bound, never hang).
 * Also: one caller's burst is served round-robin with others (bounds: tests/unit/local-backend),
 * and a transaction past its role's statement timeout answers 57014 and commits nothing.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient, User } from '@supabase/supabase-js';
import { createUserClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
let a: { client: SupabaseClient; user: User; accessToken: string };
let b: { client: SupabaseClient; user: User; accessToken: string };

/** Rejects when `p` is not settled within `ms` (the "never hang" bound; generous on purpose). */
function within<T>(p: PromiseLike<T>, ms = 5000): Promise<T> {
  return Promise.race([Promise.resolve(p), new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);
}

const headersFor = (token: string) => ({ apikey: backend.anonKey, Authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** Another user's ordinary request: must succeed. */
async function otherUserIsServed(): Promise<void> {
  const r = await within(b.client.from('profiles').select('id').eq('id', b.user.id));
  expect(r.error).toBeNull();
  expect(r.status).toBe(200);
}

beforeAll(async () => {
  backend = await withBackend();
  a = await createUserClient(backend, uniqueEmail('wedge-a'), 'wedge-pass-1');
  b = await createUserClient(backend, uniqueEmail('wedge-b'), 'wedge-pass-1');
  for (const sql of [
    "create table public.wedge_marks (id serial primary key, note text)",
    "grant select, insert on public.wedge_marks to anon, authenticated",
    "grant usage on sequence public.wedge_marks_id_seq to anon, authenticated",
    "create function public.wedge_boom() returns void language plpgsql as $$ begin raise exception 'boom from a function'; end $$",
    "create function public.wedge_slow(seconds float8, note text) returns int language plpgsql as $$ begin insert into public.wedge_marks (note) values (note); perform pg_sleep(seconds); return 1; end $$",
    "grant execute on function public.wedge_boom(), public.wedge_slow(float8, text) to anon, authenticated",
  ]) await backend.query(sql);
});
afterAll(async () => {
  await backend.stop();
});

describe('the wedge cases leave the backend serving other users', () => {
  it('an unknown RPC answers PGRST202 404 (after the catalog went stale) and nothing hangs', async () => {
    await new Promise((r) => setTimeout(r, 400)); // past the catalog's reload interval
    const r = await within(fetch(`${backend.url}/rest/v1/rpc/no_such_function`, { method: 'POST', headers: { apikey: backend.anonKey, 'content-type': 'application/json' }, body: '{}' }));
    expect(r.status).toBe(404);
    expect(await r.json()).toMatchObject({ code: 'PGRST202', hint: null });
    await otherUserIsServed();
  });

  it('a deeply nested filter (cs. + thousands of brackets, or=() nesting) is a clean 400, then a failing query still answers', async () => {
    const deep = 'cs.' + '['.repeat(3000) + ']'.repeat(3000);
    const r1 = await within(fetch(`${backend.url}/rest/v1/media_ids?content_flags=${deep}`, { headers: headersFor(a.accessToken) }));
    expect(r1.status).toBe(400);
    expect(await r1.json()).toMatchObject({ code: 'PGRST100', details: expect.stringContaining('nested deeper') });
    const or = 'or=(' + 'or('.repeat(1500) + 'id.eq.1' + ')'.repeat(1500) + ')';
    const r2 = await within(fetch(`${backend.url}/rest/v1/profiles?${or}`, { headers: headersFor(a.accessToken) }));
    expect(r2.status).toBe(400);
    expect((await r2.json()).code).toBe('PGRST100');
    const body = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const r3 = await within(fetch(`${backend.url}/rest/v1/profiles`, { method: 'POST', headers: headersFor(a.accessToken), body }));
    expect(r3.status).toBe(400);
    expect(await r3.json()).toMatchObject({ code: 'PGRST102' });
    const failing = await within(a.client.from('media_ids').select('id').eq('version', 'not-a-number'));
    expect(failing.status).toBe(400);
    expect(failing.error?.code).toBe('22P02');
    await otherUserIsServed();
  });

  it('a function that raises answers its error and the backend keeps serving', async () => {
    const r = await within(a.client.rpc('wedge_boom'));
    expect(r.status).toBe(400);
    expect(r.error).toMatchObject({ code: 'P0001', message: 'boom from a function' });
    await otherUserIsServed();
  });

  it('a transaction past the anon statement timeout answers 57014, commits nothing, and others are served', async () => {
    const anon = fetch(`${backend.url}/rest/v1/rpc/wedge_slow`, {
      method: 'POST', headers: { apikey: backend.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ seconds: 3.3, note: 'too-slow' }),
    });
    const other = otherUserIsServed(); // queued behind the slow statement, served right after it
    const r = await within(anon, 15_000);
    expect(r.status).toBe(500);
    expect(await r.json()).toEqual({ code: '57014', message: 'canceling statement due to statement timeout', details: null, hint: null });
    await within(other, 15_000);
    const marks = await backend.query("select count(*)::int as n from public.wedge_marks where note = 'too-slow'");
    expect(marks.rows[0].n).toBe(0);
  });

  it('a client disconnecting mid-request rolls its transaction back and leaves the backend serving', async () => {
    // The client lives in another process: in this one, the running statement blocks the
    // event loop (PGlite is synchronous WASM), so an in-process client could not leave mid-way.
    const script = `const c = new AbortController();
      fetch(process.argv[1], { method: 'POST', headers: JSON.parse(process.argv[2]), body: process.argv[3], signal: c.signal })
        .then((r) => console.log('status ' + r.status), (e) => console.log(e.name));
      setTimeout(() => c.abort(), 250);`;
    const child = spawn(process.execPath, ['-e', script, `${backend.url}/rest/v1/rpc/wedge_slow`, JSON.stringify(headersFor(a.accessToken)), JSON.stringify({ seconds: 1, note: 'abandoned' })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await within(new Promise((r) => child.on('exit', r)), 20_000);
    expect(out.trim()).toBe('AbortError');
    await otherUserIsServed();
    const marks = await backend.query("select count(*)::int as n from public.wedge_marks where note = 'abandoned'");
    expect(marks.rows[0].n).toBe(0);
  });

});

describe('the single connection is shared fairly and boundedly', () => {
  it("one user's burst is served round-robin with another user's request", async () => {
    let aDone = 0;
    const burst = Array.from({ length: 40 }, () =>
      within(fetch(`${backend.url}/rest/v1/rpc/wedge_slow`, { method: 'POST', headers: headersFor(a.accessToken), body: JSON.stringify({ seconds: 0.02, note: 'burst' }) }), 30_000).then((r) => {
        aDone++;
        return r.status;
      }),
    );
    await new Promise((r) => setTimeout(r, 50)); // the burst is queued first
    await otherUserIsServed();
    const servedBefore = aDone;
    console.log(`fairness: b served after ${servedBefore} of a's 40 queued requests`);
    expect((await Promise.all(burst)).every((s) => s === 200)).toBe(true);
    // FIFO would have served all 40 first; round-robin serves b after at most a few of a's
    expect(servedBefore).toBeLessThan(20);
  });
});
