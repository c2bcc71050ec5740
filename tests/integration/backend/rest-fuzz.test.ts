/**
 * Property test over the /rest/v1 grammar: random selects, filters (incl. nested logic and
 * hostile values), orders, ranges, Prefer headers and bodies against a small known table.
 * Every answer must be a success or a clean 4xx in PostgREST's error shape — never a 5xx, a
 * hang, or a transaction left open (a control read after each run must succeed, and the
 * table's rows must be untouched by refused writes). Embedded resources (a child table with a
 * foreign key) are fuzzed too, and a second property checks embeds against a JS reference.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
let h: Record<string, string>;

beforeAll(async () => {
  backend = await withBackend();
  h = { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}` };
  for (const sql of [
    "create table public.fuzz_rows (id int primary key, name text, tags text[] not null default '{}', meta jsonb not null default '{}', at timestamptz)",
    'grant all on public.fuzz_rows to service_role',
    "insert into public.fuzz_rows select g, 'n' || g, array['t' || (g % 3)], jsonb_build_object('k', g), now() from generate_series(1, 30) g",
    'create table public.fuzz_kids (id int primary key, row_id int not null references public.fuzz_rows (id), label text)',
    'grant all on public.fuzz_kids to service_role',
    // kid k belongs to row (k % 20) + 1: rows 1..20 have 3 kids each, rows 21..30 none
    "insert into public.fuzz_kids select k, (k % 20) + 1, 'k' || k from generate_series(1, 60) k",
  ]) await backend.query(sql);
});
afterAll(async () => {
  await backend.stop();
});

const columns = ['id', 'name', 'tags', 'meta', 'at', 'nope', '"id"', '*'];
const ops = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'is', 'in', 'cs', 'cd', 'ov', 'isdistinct', 'fts', 'xx'];
const hostile = fc.constantFrom('', 'null', 'true', '1', 'abc', '(1,2)', '{t1}', '[1', '{"k":1}', '%', '\\', '"a,b"', '%E0%A4', '((((', '))', '{'.repeat(80), '['.repeat(200));
const value = fc.oneof(hostile, fc.string({ maxLength: 12 }), fc.integer().map(String));
const cond = fc.tuple(fc.constantFrom(...columns), fc.boolean(), fc.constantFrom(...ops), value).map(([c, not, op, v]) => `${c}.${not ? 'not.' : ''}${op}.${v}`);
const logic: fc.Arbitrary<string> = fc.letrec<{ tree: string }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    cond,
    fc.tuple(fc.constantFrom('and', 'or', 'not.and'), fc.array(tie('tree'), { minLength: 0, maxLength: 3 })).map(([op, xs]) => `${op}(${xs.join(',')})`),
  ),
})).tree;
const embedKeys = ['fuzz_kids.id', 'fuzz_kids.label', 'k.id', 'fuzz_kids.nope', 'fuzz_kids'];
const filterParam = fc.oneof(
  fc.tuple(fc.constantFrom(...columns, ...embedKeys), fc.boolean(), fc.constantFrom(...ops), value).map(([c, not, op, v]) => [c, `${not ? 'not.' : ''}${op}.${v}`] as const),
  logic.map((t) => ['or', `(${t})`] as const),
  fc.tuple(fc.constantFrom('fuzz_kids.limit', 'fuzz_kids.offset', 'fuzz_kids.order', 'k.limit'), fc.constantFrom('2', '-1', 'x', 'id.desc', 'label')).map(([k, v]) => [k, v] as const),
);
const select = fc.oneof(fc.constant('*'), fc.array(fc.constantFrom('id', 'name', 'tags', 'meta', 'x:id', 'nope', 'meta->k', 'author(*)', 'id::text', 'fuzz_kids(*)', 'k:fuzz_kids!inner(id,label)', 'fuzz_kids(id,fuzz_rows(id))', 'fuzz_kids!nope(*)', '...fuzz_kids(*)', 'fuzz_kids(nope)', 'fuzz_kids()'), { minLength: 1, maxLength: 4 }).map((xs) => xs.join(',')));
const order = fc.array(fc.tuple(fc.constantFrom(...columns), fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.sideways')), { maxLength: 3 }).map((xs) => xs.map(([c, m]) => c + m).join(','));
const prefer = fc.array(fc.constantFrom('return=representation', 'return=minimal', 'count=exact', 'tx=rollback', 'handling=strict', 'max-affected=1', 'resolution=merge-duplicates', 'missing=default', 'bogus=1'), { maxLength: 3 });
const body = fc.oneof(
  fc.constant('{"name":"x"}'),
  fc.constant('[{"id": 1, "name": "dup"}]'),
  fc.constant('{"nope": 1}'),
  fc.constant('{"tags": "not-an-array"}'),
  fc.constant('not json'),
  fc.constant('[' .repeat(150) + ']'.repeat(150)),
  fc.json({ maxDepth: 3 }),
);

const request = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE'),
  path: fc.constantFrom('fuzz_rows', 'fuzz_rows', 'fuzz_rows', 'nope', 'rpc/nope', 'fuzz_rows/x', '%E0%A4%A'),
  select,
  filters: fc.array(filterParam, { maxLength: 3 }),
  order,
  limit: fc.option(fc.oneof(fc.nat(40).map(String), fc.constant('-1'), fc.constant('x')), { nil: undefined }),
  prefer,
  body,
  tx: fc.constant('rollback'),
});

it('every response is a success or a clean PostgREST-shaped 4xx; the backend stays consistent and serving', async () => {
  const snapshot = async () => (await backend.query('select md5(string_agg(t::text, \'|\' order by id)) as h from public.fuzz_rows t')).rows[0].h as string;
  const before = await snapshot();
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const qs = new URLSearchParams();
      qs.set('select', r.select);
      for (const [k, v] of r.filters) qs.append(k, v);
      if (r.order) qs.set('order', r.order);
      if (r.limit !== undefined) qs.set('limit', r.limit);
      const writes = r.method === 'POST' || r.method === 'PATCH' || r.method === 'DELETE';
      // writes always carry tx=rollback, so the table must be unchanged afterwards whatever happened
      const preferHeader = [...r.prefer.filter((p) => !p.startsWith('tx=')), ...(writes ? ['tx=rollback'] : [])].join(', ');
      const res = await Promise.race([
        fetch(`${backend.url}/rest/v1/${r.path}?${qs.toString().replace(/%25E0%25A4/g, '%E0%A4')}`, {
          method: r.method,
          headers: { ...h, 'content-type': 'application/json', ...(preferHeader ? { Prefer: preferHeader } : {}) },
          body: writes ? r.body : undefined,
        }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('hang: no answer within 10 s')), 10_000)),
      ]);
      const text = await res.text();
      if (res.status >= 500) throw new Error(`${res.status} for ${r.method} ${r.path}?${qs}: ${text}`);
      if (res.status >= 400 && r.method !== 'HEAD') {
        const err = JSON.parse(text) as Record<string, unknown>;
        expect(Object.keys(err).sort()).toEqual(['code', 'details', 'hint', 'message']);
        expect(typeof err.code).toBe('string');
        expect(typeof err.message).toBe('string');
      }
      if (res.status < 300 && r.method === 'GET' && text) expect(() => JSON.parse(text) as unknown).not.toThrow();
    }),
    { numRuns: 250, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 100000), verbose: 1 },
  );
  // a control read answers and nothing was left open or committed by the fuzzed writes
  const control = await fetch(`${backend.url}/rest/v1/fuzz_rows?select=id&id=eq.1`, { headers: h });
  expect(await control.json()).toEqual([{ id: 1 }]);
  expect(await snapshot()).toBe(before);
});

it('embedded resources return exactly the rows a JS reference computes (filters, !inner, order, limit)', async () => {
  await fc.assert(
    fc.asyncProperty(fc.boolean(), fc.integer({ min: 0, max: 65 }), fc.integer({ min: 1, max: 30 }), fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }), async (inner, minKid, maxRow, limit) => {
      const qs = new URLSearchParams({ select: `id,fuzz_kids${inner ? '!inner' : ''}(id)`, id: `lte.${maxRow}`, order: 'id', 'fuzz_kids.id': `gt.${minKid}`, 'fuzz_kids.order': 'id.desc' });
      if (limit !== undefined) qs.set('fuzz_kids.limit', String(limit));
      const res = await fetch(`${backend.url}/rest/v1/fuzz_rows?${qs}`, { headers: h });
      expect(res.status).toBe(200);
      const expected = [];
      for (let id = 1; id <= maxRow; id++) {
        const kids = [];
        for (let k = 60; k >= 1; k--) if ((k % 20) + 1 === id && k > minKid) kids.push({ id: k });
        if (inner && kids.length === 0) continue;
        expected.push({ id, fuzz_kids: limit === undefined ? kids : kids.slice(0, limit) });
      }
      expect(await res.json()).toEqual(expected);
    }),
    { numRuns: 60, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 100000) },
  );
});
