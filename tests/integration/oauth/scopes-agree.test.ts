// Bucket's OAuth scopes are named once per language: SQL's public.mediaid_scopes(), TypeScript's
// MEDIAID_SCOPES (sync/schemas/developer-apps.ts). The register-app Edge Function (Deno, outside
// the app's module graph) and the docs carry copies; this test holds them all to the SQL list,
// and checks the schema's rules use it.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPER_APP_SCOPES, MEDIAID_SCOPES } from '../../../sync/schemas/scopes';
import { APP_SCOPES } from '../../../supabase/functions/register-app/handler';
import { OAUTH_SCOPES } from '../../../src/features/developer/scopes';
import { API_ENDPOINTS } from '../../../src/features/developer/api-docs';
import { withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
let sqlScopes: string[];

beforeAll(async () => {
  backend = await withBackend();
  const { rows } = await backend.query('select public.mediaid_scopes() as scopes');
  sqlScopes = (rows[0] as { scopes: string[] }).scopes;
});
afterAll(async () => {
  await backend.stop();
});

describe('one list of MediaID scopes', () => {
  it('the app, the portal and register-app offer exactly the SQL list', () => {
    expect(sqlScopes).toHaveLength(7);
    expect([...MEDIAID_SCOPES]).toEqual(sqlScopes);
    expect([...OAUTH_SCOPES]).toEqual(sqlScopes);
    expect([...APP_SCOPES]).toEqual(sqlScopes);
    expect(DEVELOPER_APP_SCOPES.filter((s) => s !== 'campaigns:read')).toEqual(sqlScopes);
  });

  it('the API docs (portal and docs/mediaid.md) name only known scopes, and the docs name each', () => {
    for (const endpoint of API_ENDPOINTS) if (endpoint.scope) expect(sqlScopes).toContain(endpoint.scope);
    const docs = readFileSync(new URL('../../../docs/mediaid.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf('## Scopes'), docs.indexOf('\n## ', docs.indexOf('## Scopes') + 1));
    const named = [...section.matchAll(/`([a-z]+:[a-z]+)`/g)].map((m) => m[1]);
    expect([...new Set(named)].sort()).toEqual([...sqlScopes].sort());
  });

  it("the schema's rules read the list: grants, app rows and the consent screen's app info", async () => {
    const valid = async (scopes: string[]) =>
      (await backend.query('select public.developer_scopes_valid($1::text[]) as ok', [scopes])).rows[0] as {
        ok: boolean;
      };
    expect((await valid(sqlScopes)).ok).toBe(true);
    expect((await valid(['campaigns:read'])).ok).toBe(true); // sample apps only
    expect((await valid(['media:read', 'admin:all'])).ok).toBe(false);
    const { rows } = await backend.query(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'mediaid_grants_scopes_check'`,
    );
    expect((rows[0] as { def: string }).def).toContain('mediaid_scopes()');
  });
});
