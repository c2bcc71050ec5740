/**
 * PostgREST embedded resources on the local backend, through @supabase/supabase-js:
 * many-to-one (object or null), one-to-many (array), nested, aliases, !inner vs the default
 * left join, hints, filters/order/limit on the embedded table, RLS on embedded rows, and
 * PostgREST's PGRST200 / PGRST201 errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, createUserClient, serviceClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
let anon: SupabaseClient;
let alice: { client: SupabaseClient; id: string };
let bob: { client: SupabaseClient; id: string };

beforeAll(async () => {
  backend = await withBackend();
  anon = anonClient(backend);
  const a = await createUserClient(backend, uniqueEmail('alice'), 'password-123456');
  const b = await createUserClient(backend, uniqueEmail('bob'), 'password-123456');
  alice = { client: a.client, id: a.user.id };
  bob = { client: b.client, id: b.user.id };
  for (const sql of [
    'create table public.emb_authors (id int primary key, name text not null)',
    'create table public.emb_books (id int primary key, title text not null, author_id int references public.emb_authors (id), editor_id int references public.emb_authors (id))',
    'create table public.emb_notes (id int primary key, book_id int not null references public.emb_books (id), owner uuid not null, body text not null)',
    'alter table public.emb_authors enable row level security',
    'alter table public.emb_books enable row level security',
    'alter table public.emb_notes enable row level security',
    'create policy emb_authors_read on public.emb_authors for select using (true)',
    'create policy emb_books_read on public.emb_books for select using (true)',
    'create policy emb_notes_own on public.emb_notes for select using (owner = auth.uid())',
    'grant select on public.emb_authors, public.emb_books, public.emb_notes to anon, authenticated',
    // nothing is granted by default (as on hosted): the service role writes books below
    'grant select, insert, update on public.emb_authors, public.emb_books, public.emb_notes to service_role',
    "insert into public.emb_authors values (1, 'Ann'), (2, 'Ben'), (3, 'Cy')",
    "insert into public.emb_books values (10, 'Alpha', 1, 2), (11, 'Beta', 1, null), (12, 'Gamma', 2, null), (13, 'Orphan', null, null)",
  ]) await backend.query(sql);
  await backend.query(
    `insert into public.emb_notes values (100, 10, $1, 'a1'), (101, 10, $1, 'a2'), (102, 10, $2, 'b1'), (103, 12, $2, 'b2')`,
    [alice.id, bob.id],
  );
});
afterAll(async () => {
  await backend.stop();
});

describe('embedded resources', () => {
  it('many-to-one embeds an object, or null when the key is null', async () => {
    const { data, error } = await anon.from('emb_books').select('id, title, author:emb_authors!author_id(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 10, title: 'Alpha', author: { name: 'Ann' } },
      { id: 11, title: 'Beta', author: { name: 'Ann' } },
      { id: 12, title: 'Gamma', author: { name: 'Ben' } },
      { id: 13, title: 'Orphan', author: null },
    ]);
  });

  it('one-to-many embeds an array (empty when there are no children), with a hint and order', async () => {
    const { data, error } = await anon
      .from('emb_authors')
      .select('name, emb_books!author_id(title)')
      .order('id')
      .order('title', { referencedTable: 'emb_books', ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Ann', emb_books: [{ title: 'Beta' }, { title: 'Alpha' }] },
      { name: 'Ben', emb_books: [{ title: 'Gamma' }] },
      { name: 'Cy', emb_books: [] },
    ]);
  });

  it('two foreign keys to the same table are ambiguous without a hint (PGRST201, 300)', async () => {
    const { data, error, status } = await anon.from('emb_books').select('id, emb_authors(name)');
    expect(data).toBeNull();
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.message).toBe("Could not embed because more than one relationship was found for 'emb_books' and 'emb_authors'");
    expect(error?.details).toHaveLength(2);
    expect(error?.hint).toContain("'emb_authors!emb_books_author_id_fkey'");
    const byName = await anon.from('emb_books').select('id, emb_authors!emb_books_editor_id_fkey(name)').eq('id', 10).single();
    expect(byName.data).toEqual({ id: 10, emb_authors: { name: 'Ben' } });
  });

  it('nests embeds and applies RLS to embedded rows (another user\'s children are absent)', async () => {
    const select = 'title, author:emb_authors!author_id(name), emb_notes(body)';
    const a = await alice.client.from('emb_books').select(select).eq('id', 10).order('body', { referencedTable: 'emb_notes' }).single();
    expect(a.error).toBeNull();
    expect(a.data).toEqual({ title: 'Alpha', author: { name: 'Ann' }, emb_notes: [{ body: 'a1' }, { body: 'a2' }] });
    const b = await bob.client.from('emb_books').select(select).eq('id', 10).single();
    expect(b.data).toEqual({ title: 'Alpha', author: { name: 'Ann' }, emb_notes: [{ body: 'b1' }] });
    const nobody = await anon.from('emb_authors').select('name, emb_books!author_id(title, emb_notes(body))').eq('id', 1).order('title', { referencedTable: 'emb_books' }).single();
    expect(nobody.data).toEqual({ name: 'Ann', emb_books: [{ title: 'Alpha', emb_notes: [] }, { title: 'Beta', emb_notes: [] }] });
  });

  it('!inner drops parents without a match; the default keeps them', async () => {
    const left = await bob.client.from('emb_books').select('id, emb_notes(body)').order('id');
    expect(left.data?.map((r) => r.id)).toEqual([10, 11, 12, 13]);
    const inner = await bob.client.from('emb_books').select('id, emb_notes!inner(body)').order('id');
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([
      { id: 10, emb_notes: [{ body: 'b1' }] },
      { id: 12, emb_notes: [{ body: 'b2' }] },
    ]);
    const counted = await bob.client.from('emb_books').select('id, emb_notes!inner(body)', { count: 'exact' }).eq('emb_notes.body', 'b2');
    expect(counted.data).toEqual([{ id: 12, emb_notes: [{ body: 'b2' }] }]);
    expect(counted.count).toBe(1);
  });

  it('filters, order and limit on the embedded table shape only the embed (left join)', async () => {
    const { data, error } = await anon
      .from('emb_authors')
      .select('id, books:emb_books!author_id(title)')
      .eq('books.title', 'Beta')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, books: [{ title: 'Beta' }] },
      { id: 2, books: [] },
      { id: 3, books: [] },
    ]);
    const limited = await anon.from('emb_authors').select('id, books:emb_books!author_id(title)').eq('id', 1).order('title', { referencedTable: 'books' }).limit(1, { referencedTable: 'books' });
    expect(limited.data).toEqual([{ id: 1, books: [{ title: 'Alpha' }] }]);
    const m2o = await anon.from('emb_books').select('id, author:emb_authors!author_id(name)').eq('author.name', 'Ben').order('id').limit(2);
    expect(m2o.data).toEqual([
      { id: 10, author: null },
      { id: 11, author: null },
    ]);
  });

  it('orders parents by a to-one embed\'s column, and refuses it for to-many (PGRST118)', async () => {
    const { data, error } = await anon
      .from('emb_books')
      .select('id, author:emb_authors!author_id(name)')
      .in('id', [10, 12, 13])
      .order('author(name)', { ascending: false, nullsFirst: false });
    expect(error).toBeNull();
    expect(data?.map((r) => r.id)).toEqual([12, 10, 13]);
    const bad = await anon.from('emb_authors').select('id, emb_books!author_id(title)').order('emb_books(title)');
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('PGRST118');
  });

  it('a null filter on an embed keeps parents without (is.null) or with (not.is.null) a match', async () => {
    const without = await bob.client.from('emb_books').select('id, emb_notes(id)').is('emb_notes', null).order('id');
    expect(without.error).toBeNull();
    expect(without.data?.map((r) => r.id)).toEqual([11, 13]);
    const withNotes = await bob.client.from('emb_books').select('id, emb_notes()').not('emb_notes', 'is', null).order('id');
    expect(withNotes.data).toEqual([{ id: 10 }, { id: 12 }]);
  });

  it('embeds in a write\'s representation, and refuses parent-filtering embeds on writes', async () => {
    const svc = serviceClient(backend);
    const ins = await svc.from('emb_books').insert({ id: 20, title: 'Delta', author_id: 3 }).select('title, writer:emb_authors!author_id(name)').single();
    expect(ins.error).toBeNull();
    expect(ins.data).toEqual({ title: 'Delta', writer: { name: 'Cy' } });
    const bad = await svc.from('emb_books').update({ title: 'Delta2' }).eq('id', 20).select('id, emb_notes!inner(id)');
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('PGRST100');
    expect((await backend.query('select title from public.emb_books where id = 20')).rows[0]?.title).toBe('Delta');
  });

  it('refuses embeds nested deeper than the limit with a clean 400', async () => {
    const deep = 'id,' + 'emb_books!author_id(id,emb_authors!author_id('.repeat(5) + 'id' + '))'.repeat(5);
    const { error, status } = await anon.from('emb_authors').select(deep);
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST100');
    const ok = await anon.from('emb_authors').select('id, emb_books!author_id(id, emb_authors!author_id(id, emb_books!author_id(id)))').eq('id', 2).single();
    expect(ok.data).toEqual({ id: 2, emb_books: [{ id: 12, emb_authors: { id: 2, emb_books: [{ id: 12 }] } }] });
  });

  it('an unknown relationship answers PGRST200 and a bad embedded column 42703', async () => {
    const { error, status } = await anon.from('emb_books').select('id, nope(*)');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
    expect(error?.message).toBe("Could not find a relationship between 'emb_books' and 'nope' in the schema cache");
    const unrelated = await anon.from('emb_notes').select('id, emb_authors(*)');
    expect(unrelated.error?.code).toBe('PGRST200');
    const badCol = await anon.from('emb_books').select('id, emb_notes(nope)');
    expect(badCol.status).toBe(400);
    expect(badCol.error?.code).toBe('42703');
  });

  it('a unique foreign key is one-to-one both ways: an object (or null), not an array', async () => {
    for (const sql of [
      'create table public.emb_bio (author_id int primary key references public.emb_authors (id), text text not null)',
      'grant select on public.emb_bio to anon',
      "insert into public.emb_bio values (1, 'about Ann')",
    ]) await backend.query(sql);
    const { data, error } = await anon.from('emb_authors').select('id, emb_bio(text)').in('id', [1, 2]).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, emb_bio: { text: 'about Ann' } },
      { id: 2, emb_bio: null },
    ]);
    const back = await anon.from('emb_bio').select('text, emb_authors(name)').single();
    expect(back.data).toEqual({ text: 'about Ann', emb_authors: { name: 'Ann' } });
  });

  it('sees a foreign key added after the schema cache loaded (one reload, outside the transaction)', async () => {
    expect((await anon.from('emb_authors').select('id').eq('id', 3)).data).toEqual([{ id: 3 }]);
    await backend.query('create table public.emb_late (id int primary key, author_id int)');
    await backend.query('grant select on public.emb_late to anon');
    expect((await anon.from('emb_authors').select('id, emb_late(id)').eq('id', 3)).error?.code).toBe('PGRST200');
    await backend.query('alter table public.emb_late add constraint emb_late_author_fkey foreign key (author_id) references public.emb_authors (id)');
    await backend.query('insert into public.emb_late values (1, 3)');
    const { data, error } = await anon.from('emb_authors').select('id, emb_late(id)').eq('id', 3);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 3, emb_late: [{ id: 1 }] }]);
  });

  it('embeds over the app\'s real foreign key (locker_comments → locker_items)', async () => {
    const svc = serviceClient(backend);
    const item = { id: 'emb-item', type: 'bonus', title: 'Embed drop', artist: 'A', rarity: 'rare', expires_at: '2099-01-01T00:00:00Z' };
    expect((await svc.from('locker_items').insert(item)).error).toBeNull();
    expect((await svc.from('locker_comments').insert({ fan_id: alice.id, item_id: 'emb-item', body: 'nice' })).error).toBeNull();
    const { data, error } = await svc.from('locker_comments').select('body, locker_items(title)').eq('item_id', 'emb-item');
    expect(error).toBeNull();
    expect(data).toEqual([{ body: 'nice', locker_items: { title: 'Embed drop' } }]);
    const back = await svc.from('locker_items').select('id, locker_comments(body)').eq('id', 'emb-item').single();
    expect(back.data).toEqual({ id: 'emb-item', locker_comments: [{ body: 'nice' }] });
  });
});
