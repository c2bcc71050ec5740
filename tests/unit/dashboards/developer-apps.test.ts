/**
 * Developer apps on the device: credentials (base64url ids, SHA-256 of the secret), the synced
 * repository over the local `developer_apps` collection (it lists the owner's synced rows; status is
 * a local write marked for sync; registration needs the server), the in-memory preview store, and
 * the conflict policy (owner's newer edits per group win; credentials and counters are the server's).
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { developerAppMergePolicy } from '../../../sync/conflicts/developer-apps';
import { mergeFieldGroups } from '../../../sync/conflicts/merge-field-groups';
import type { BucketDatabase } from '../../../sync/collections';
import type { DeveloperAppDoc } from '../../../sync/schemas/developer-apps';
import {
  base64Url,
  createCredentials,
  generateClientId,
  generateClientSecret,
  hashSecret,
} from '../../../src/features/developer/api/credentials';
import { createSampleAppRepository } from '../../../src/features/developer/api/sample-app-repository';
import { OFFLINE_REGISTRATION } from '../../../src/features/developer/api/register-app';
import { createSyncedAppRepository } from '../../../src/features/developer/api/synced-app-repository';
import { openTestDatabase } from '../sync/helpers/open-test-engine';

const OWNER = '11111111-1111-4111-8111-111111111111';
const INPUT = {
  name: '  Crate Finder ',
  description: 'Finds records.',
  redirectUris: ['https://cratefinder.app/callback'],
  scopes: ['preferences:read' as const],
};

let db: BucketDatabase | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
});

/** Resolves once the repository has emitted a list matching `ready`. */
function nextList(repo: ReturnType<typeof createSyncedAppRepository>, ready: (n: number) => boolean) {
  return new Promise<ReturnType<typeof repo.list>>((resolve) => {
    const stop = repo.subscribe(() => {
      if (ready(repo.list().length)) {
        stop();
        resolve(repo.list());
      }
    });
  });
}

describe('credentials', () => {
  it('base64url encodes without padding or +/', () => {
    expect(base64Url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
    expect(base64Url(new Uint8Array([0x66]))).toBe('Zg');
  });

  it('client id bkt_ + 24 chars, secret bkt_sk_ + 43 chars, all distinct', () => {
    const ids = new Set(Array.from({ length: 200 }, generateClientId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^bkt_[A-Za-z0-9_-]{24}$/);
    expect(generateClientSecret()).toMatch(/^bkt_sk_[A-Za-z0-9_-]{43}$/);
    expect(generateClientSecret()).not.toBe(generateClientSecret());
  });

  it('hashes the secret to lower-case SHA-256 hex, and keeps only its last four characters', async () => {
    expect(await hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const c = await createCredentials();
    expect(c.clientSecretHash).toBe(createHash('sha256').update(c.clientSecret).digest('hex'));
    expect(c.clientSecretLast4).toBe(c.clientSecret.slice(-4));
  });
});

describe('synced developer-app repository', () => {
  /** A row as the sync pull writes it (the server created it through register-app). */
  const pulled = (id: string, owner: string, name: string): DeveloperAppDoc => ({
    id,
    owner_id: owner,
    name,
    description: null,
    client_id: crypto.randomUUID(),
    client_secret_hash: createHash('sha256').update(id).digest('hex'),
    client_secret_last4: 'abcd',
    redirect_uris: ['https://cratefinder.app/callback'],
    scopes: ['preferences:read'],
    status: 'active',
    api_calls: 0,
    users: 0,
    last_used: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    sync_state: 'clean',
    sync_modified: null,
  });

  it("lists the owner's synced apps only (not a previous user's of the device) and disables one as a local write for sync", async () => {
    db = await openTestDatabase();
    const mine = pulled(crypto.randomUUID(), OWNER, 'Crate Finder');
    await db.developer_apps.bulkInsert([
      mine,
      pulled(crypto.randomUUID(), '22222222-2222-4222-8222-222222222222', 'Other'),
    ]);
    const repo = createSyncedAppRepository(db.developer_apps, OWNER);
    expect(await nextList(repo, (n) => n > 0)).toEqual([
      expect.objectContaining({ id: mine.id, name: 'Crate Finder', clientId: mine.client_id, status: 'active' }),
    ]);

    await repo.setStatus(mine.id, 'disabled');
    const stored = (await db.developer_apps.findOne(mine.id).exec())!.toMutableJSON() as DeveloperAppDoc;
    expect(stored).toMatchObject({ status: 'disabled', sync_state: 'dirty' });
  });

  it('refuses to register offline with a clear message and writes nothing', async () => {
    db = await openTestDatabase();
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const repo = createSyncedAppRepository(db.developer_apps, OWNER);
      await expect(repo.create(INPUT)).rejects.toThrow(OFFLINE_REGISTRATION);
      await expect(repo.remove(crypto.randomUUID())).rejects.toThrow(OFFLINE_REGISTRATION);
      expect(await db.developer_apps.count().exec()).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('preview store', () => {
  it('is labelled sample, starts with the sample apps and keeps new ones in memory only', async () => {
    const repo = createSampleAppRepository();
    expect(repo.kind).toBe('sample');
    const before = repo.list().length;
    const { app, clientSecret } = await repo.create(INPUT);
    expect(repo.list()).toHaveLength(before + 1);
    expect(clientSecret.endsWith(app.clientSecretLast4)).toBe(true);
    await repo.remove(app.id);
    expect(repo.list()).toHaveLength(before);
  });
});

describe('developer_apps conflict policy', () => {
  const base = {
    id: 'a',
    owner_id: OWNER,
    name: 'Old',
    description: null,
    client_id: 'bkt_server',
    client_secret_hash: 'f'.repeat(64),
    client_secret_last4: 'abcd',
    redirect_uris: ['https://a.app/cb'],
    scopes: ['media:read'],
    status: 'active',
    api_calls: 10,
    users: 1,
    last_used: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    _deleted: false,
    sync_modified: 't1',
  };

  it('keeps the owner’s newer rename, takes the server’s status change, counters and credentials', () => {
    const server = {
      ...base,
      status: 'disabled',
      api_calls: 99,
      updated_at: '2026-11-02T00:00:00.000Z',
      sync_modified: 't2',
    };
    const local = {
      ...base,
      name: 'New',
      client_id: 'bkt_forged',
      api_calls: 0,
      updated_at: '2026-11-03T00:00:00.000Z',
      sync_field_times: { details: Date.parse('2026-11-03T00:00:00.000Z') },
    };
    const merged = mergeFieldGroups(
      { newDocumentState: local, realMasterState: server, assumedMasterState: base },
      developerAppMergePolicy,
    );
    expect(merged).toMatchObject({
      name: 'New',
      status: 'disabled',
      api_calls: 99,
      client_id: 'bkt_server',
      sync_state: 'dirty',
    });
  });

  it('an older local scope edit loses to the server’s newer one; a server delete is final', () => {
    const server = { ...base, scopes: ['events:read'], updated_at: '2026-11-05T00:00:00.000Z', sync_modified: 't2' };
    const local = {
      ...base,
      scopes: ['media:write'],
      sync_field_times: { scopes: Date.parse('2026-11-04T00:00:00.000Z') },
    };
    const merged = mergeFieldGroups(
      { newDocumentState: local, realMasterState: server, assumedMasterState: base },
      developerAppMergePolicy,
    );
    expect(merged.scopes).toEqual(['events:read']);
    const deleted = mergeFieldGroups(
      {
        newDocumentState: { ...local, name: 'Edited' },
        realMasterState: { ...server, _deleted: true },
        assumedMasterState: base,
      },
      developerAppMergePolicy,
    );
    expect(deleted._deleted).toBe(true);
  });
});
