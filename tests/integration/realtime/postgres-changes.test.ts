/**
 * Realtime `postgres_changes` through real supabase-js clients (ws transport) against the
 * in-process backend: delivery to the writer's other device, per-subscriber RLS (another user
 * never receives the row, even naming its id in a filter), anon, filters, payload shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSampleFan, withBackend, uniqueEmail, type LocalBackend } from '../helpers/backend';
import { closeAll, record, rtAnon, rtOptions, rtUser } from './helpers';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

let backend: LocalBackend;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  backend = await withBackend();
});
afterAll(async () => {
  await closeAll(...clients);
  await backend.stop();
});

async function user(tag: string) {
  const u = await rtUser(backend, uniqueEmail(tag));
  clients.push(u.client);
  return u;
}

describe('postgres_changes', () => {
  it("delivers A's write to A's second device with Supabase's payload, and never to user C", async () => {
    const email = uniqueEmail('a');
    const a = await rtUser(backend, email);
    const a2 = await rtUser(backend, email); // the same fan signed in on a second device
    clients.push(a.client, a2.client);
    const c = await user('c');
    expect(a2.id).toBe(a.id);

    const onA2 = await record(a2.client, 'a2-media', [{ event: '*', schema: 'public', table: 'media_ids' }]);
    const onC = await record(c.client, 'c-media', [{ event: '*', schema: 'public', table: 'media_ids' }]);
    // C also names A's id in a filter: RLS still decides.
    const onCFilter = await record(c.client, 'c-filter', [{ event: '*', schema: 'public', table: 'media_ids', filter: `user_uuid=eq.${a.id}` }]);
    expect(onA2.system).toContainEqual({ extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL', channel: 'a2-media' });

    const ins = await a.client.from('media_ids').insert({ user_uuid: a.id, role: 'fan', interests: ['jazz', 'dub'] }).select().single();
    expect(ins.error).toBeNull();
    const inserted = await onA2.next((e) => e.eventType === 'INSERT' && e.new.user_uuid === a.id);
    expect(inserted).toMatchObject({ schema: 'public', table: 'media_ids', errors: null, old: {} });
    expect(inserted.new).toEqual(ins.data);
    expect(inserted.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const upd = await a.client.from('media_ids').update({ interests: ['techno'] }).eq('user_uuid', a.id).select().single();
    expect(upd.error).toBeNull();
    const updated = await onA2.next((e) => e.eventType === 'UPDATE');
    expect(updated.new.interests).toEqual(['techno']);
    expect(updated.old).toEqual({ id: ins.data.id }); // default replica identity: key only

    // Barrier: C's own write reaches C after everything A committed before it.
    await c.client.from('media_ids').insert({ user_uuid: c.id, role: 'fan' });
    await onC.next((e) => e.new.user_uuid === c.id);
    expect(onC.events.filter((e) => e.new.user_uuid === a.id || e.old.id === ins.data.id)).toEqual([]);
    expect(onCFilter.events).toEqual([]);
    // ...and A's second device never saw C's row.
    await a.client.from('media_ids').update({ interests: ['barrier'] }).eq('user_uuid', a.id);
    await onA2.next((e) => e.new.interests !== undefined && JSON.stringify(e.new.interests) === '["barrier"]');
    expect(onA2.events.some((e) => e.new.user_uuid === c.id)).toBe(false);
  });

  it('honours event and filter (eq, neq, in, gt) per subscription and answers the ids realtime-js matches', async () => {
    const a = await user('filters');
    await seedSampleFan(backend, a.id); // the sample drops to comment on
    const eqOnly = await record(a.client, 'f-eq', [{ event: 'INSERT', schema: 'public', table: 'locker_comments', filter: 'body=eq.hello' }]);
    const inList = await record(a.client, 'f-in', [{ event: '*', schema: 'public', table: 'locker_comments', filter: 'body=in.(one,"two, three")' }]);
    const neq = await record(a.client, 'f-neq', [{ event: 'UPDATE', schema: 'public', table: 'locker_comments', filter: 'body=neq.hello' }]);
    const lockerItem = await a.client.from('locker_items').select('id').limit(1).single();
    expect(lockerItem.error).toBeNull();
    const itemId = lockerItem.data!.id as string;
    for (const body of ['hello', 'one', 'two, three', 'other']) {
      const r = await a.client.from('locker_comments').insert({ item_id: itemId, fan_id: a.id, body });
      expect(r.error).toBeNull();
    }
    await a.client.from('locker_comments').update({ body: 'edited' }).eq('body', 'other');
    await neq.next((e) => e.new.body === 'edited');
    await backend.realtime.flush();
    await inList.next((e) => e.new.body === 'two, three');
    expect(eqOnly.events.map((e) => e.new.body)).toEqual(['hello']);
    expect(inList.events.map((e) => e.new.body).sort()).toEqual(['one', 'two, three']);
    expect(neq.events.map((e) => [e.eventType, e.new.body])).toEqual([['UPDATE', 'edited']]);
  });

  it('anon receives only rows anon may select', async () => {
    for (const sql of [
      'create table public.rt_notes (id uuid primary key default gen_random_uuid(), body text not null, is_public boolean not null)',
      'alter table public.rt_notes enable row level security',
      // new tables get no privileges by default (as on hosted): grant like a migration would
      'grant select on public.rt_notes to anon, authenticated, service_role',
      'create policy rt_notes_public on public.rt_notes for select to anon, authenticated using (is_public)',
      'alter publication supabase_realtime add table public.rt_notes',
    ]) await backend.query(sql);
    const anon = rtAnon(backend);
    clients.push(anon);
    const onNotes = await record(anon, 'anon-notes', [{ event: '*', schema: 'public', table: 'rt_notes' }]);
    const onMedia = await record(anon, 'anon-media', [{ event: '*', schema: 'public', table: 'media_ids' }]);
    // service_role (BYPASSRLS) on the same table, checked in the same statements as anon
    const service = createClient(backend.url, backend.serviceRoleKey, rtOptions());
    clients.push(service);
    const onService = await record(service, 'service-notes', [{ event: '*', schema: 'public', table: 'rt_notes' }]);
    const a = await user('anon-writer');
    await a.client.from('media_ids').insert({ user_uuid: a.id, role: 'fan' });
    await backend.query("insert into public.rt_notes (body, is_public) values ('secret', false), ('hello world', true)");
    await backend.query("update public.rt_notes set body = 'still secret' where not is_public");
    await backend.query("insert into public.rt_notes (body, is_public) values ('barrier', true)");
    await onNotes.next((e) => e.new.body === 'barrier');
    expect(onNotes.events.map((e) => e.new.body)).toEqual(['hello world', 'barrier']);
    expect(onMedia.events).toEqual([]);
    await onService.next((e) => e.new.body === 'barrier');
    expect(onService.events.map((e) => e.new.body)).toEqual(['secret', 'hello world', 'still secret', 'barrier']);
  });

  it('checks the row version in the change, not the current row: a row made public later never leaks its private past', async () => {
    const anon = rtAnon(backend);
    clients.push(anon);
    const onNotes = await record(anon, 'anon-history', [{ event: '*', schema: 'public', table: 'rt_notes' }]);
    // one transaction: a private version, then the same row made public
    await backend.query(`do $$
      declare _id uuid;
      begin
        insert into public.rt_notes (body, is_public) values ('private draft', false) returning id into _id;
        update public.rt_notes set body = 'published', is_public = true where id = _id;
      end $$`);
    await onNotes.next((e) => e.new.body === 'published');
    expect(onNotes.events.map((e) => e.new.body)).toEqual(['published']);
    // a deleted public row is announced (key only); a deleted private row is not
    await backend.query("insert into public.rt_notes (body, is_public) values ('to delete private', false), ('to delete public', true)");
    await backend.query("delete from public.rt_notes where body like 'to delete%'");
    await backend.query("insert into public.rt_notes (body, is_public) values ('barrier 2', true)");
    await onNotes.next((e) => e.new.body === 'barrier 2');
    const deletes = onNotes.events.filter((e) => e.eventType === 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(Object.keys(deletes[0]!.old)).toEqual(['id']);
  });

  it('refuses a subscription to a table outside the publication with a system error', async () => {
    const a = await user('nopub');
    const rec = await record(a.client, 'nopub', [{ event: '*', schema: 'public', table: 'media_engagement_log' }]);
    expect(rec.system).toEqual([
      expect.objectContaining({ extension: 'postgres_changes', status: 'error', message: expect.stringContaining('Unable to subscribe to changes') }),
    ]);
  });
});
