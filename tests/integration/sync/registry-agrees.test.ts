/**
 * One registry for sync's collections (migration 20261130200000_sync_registry): the device's
 * collections (sync/collections.ts, `replication.pull` / `replication.push`), the server's
 * registry (public.sync_tables) and what sync_pull and sync_push answer agree. The answers are
 * asked for every relation in `public`, so a table served or accepted by a list of its own, or a
 * collection added on one side only, fails here (shown by planting a registry row).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { COLLECTIONS } from '../../../sync/collections';
import { contentItemRows, seedContentItems } from '../../fixtures/content-items';
import { createArtistClient, createUserClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
let client: SupabaseClient;

const clientSide = (direction: 'pull' | 'push') =>
  Object.entries(COLLECTIONS)
    .filter(([, definition]) => definition.replication[direction])
    .map(([name]) => name)
    .sort();

async function registry(direction: 'pull' | 'push'): Promise<string[]> {
  const rows = (await backend.query(`select name from public.sync_tables where ${direction} order by name`)).rows;
  return rows.map((r: { name: string }) => r.name);
}

/** Every table and view in `public`: what the RPCs could be asked for. */
async function publicRelations(): Promise<string[]> {
  const rows = (
    await backend.query(
      "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'v', 'p') order by 1",
    )
  ).rows;
  return rows.map((r: { name: string }) => r.name);
}

/** The relations sync_pull serves a page of (the others are refused as unknown collections). */
async function servedByPull(): Promise<string[]> {
  const served: string[] = [];
  for (const name of await publicRelations()) {
    const r = await client.rpc('sync_pull', { p_collection: name, p_checkpoint: null, p_limit: 1 });
    if (r.error) {
      expect(r.error.code, name).toBe('22023');
      expect(r.error.message).toBe(`sync_pull: unknown collection ${name}`);
    } else {
      expect(r.data, name).toMatchObject({ rows: expect.any(Array), checkpoint: expect.any(Object) });
      served.push(name);
    }
  }
  return served.sort();
}

/** The relations sync_push accepts a (here empty) batch for. */
async function acceptedByPush(): Promise<string[]> {
  const accepted: string[] = [];
  for (const name of await publicRelations()) {
    const r = await client.rpc('sync_push', { p_table: name, p_rows: [] });
    if (r.error) {
      expect(r.error.code, name).toBe('22023');
      expect(r.error.message).toBe(`table "${name}" is not replicated`);
    } else {
      expect(r.data, name).toEqual([]);
      accepted.push(name);
    }
  }
  return accepted.sort();
}

beforeAll(async () => {
  backend = await withBackend();
  ({ client } = await createUserClient(backend, uniqueEmail('registry'), 'registry-pass-1'));
});
afterAll(async () => {
  await backend.stop();
});

describe('sync registry', () => {
  it('the device pulls exactly what the registry marks pull, and sync_pull serves exactly that', async () => {
    const pulled = clientSide('pull');
    expect(pulled.length).toBeGreaterThan(5);
    expect(await registry('pull')).toEqual(pulled);
    expect(await servedByPull()).toEqual(pulled);
  });

  it('the device pushes exactly what the registry marks push, and sync_push accepts exactly that', async () => {
    const pushed = clientSide('push');
    expect(pushed).toContain('media_engagement_log'); // push-only
    expect(await registry('push')).toEqual(pushed);
    expect(await acceptedByPush()).toEqual(pushed);
  });

  it('a collection added to the registry only is served at once, and the agreement fails', async () => {
    await backend.query("insert into public.sync_tables (name, push, pull) values ('mediaid_grants', false, true)");
    try {
      expect(await servedByPull()).toEqual([...clientSide('pull'), 'mediaid_grants'].sort());
      expect(await registry('pull')).not.toEqual(clientSide('pull'));
      expect(await acceptedByPush()).toEqual(clientSide('push')); // pull-only: the push still refuses it
    } finally {
      await backend.query("delete from public.sync_tables where name = 'mediaid_grants'");
    }
  });

  it("the registry's owner column scopes the pull: content_items serves only the caller's own items", async () => {
    const [a, b] = await Promise.all([
      createArtistClient(backend, uniqueEmail('scope-a'), 'registry-pass-1', 'Scope A'),
      createArtistClient(backend, uniqueEmail('scope-b'), 'registry-pass-1', 'Scope B'),
    ]);
    const owner = (sql: string) => backend.query(sql);
    const [mine] = await seedContentItems(owner, a.client, contentItemRows(a.user.id, 1, { tag: 'mine' }));
    const [theirs] = await seedContentItems(owner, b.client, contentItemRows(b.user.id, 1, { tag: 'theirs' }));
    // RLS lets A read B's public item: only the registry's owner column keeps it off A's device.
    const readable = await a.client.from('content_items').select('id').in('id', [mine!.id, theirs!.id]);
    expect(readable.data?.map((r) => r.id).sort()).toEqual([mine!.id, theirs!.id].sort());
    const pulled = await a.client.rpc('sync_pull', { p_collection: 'content_items', p_checkpoint: null });
    expect((pulled.data as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([mine!.id]);
    const legacy = await a.client.rpc('sync_pull', { p_collection: 'content_items', p_after_txid: '0' });
    expect((legacy.data as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([mine!.id]);
    const rules = await backend.query(
      'select name, pull_owner_column as owner, pull_releases_due as releases from public.sync_tables where pull_owner_column is not null or pull_releases_due order by name',
    );
    expect(rules.rows).toEqual([
      { name: 'content_items', owner: 'artist_id', releases: true },
      { name: 'followed_content', owner: null, releases: true },
    ]);
  });
});
