import { describe, expect, it } from 'vitest';
import { mediaIdConflictHandler, mediaIdMergePolicy } from '../../../sync/conflicts/media-ids';
import { mergeFieldGroups, mergeObjectKeys } from '../../../sync/conflicts/merge-field-groups';
import { profileMergePolicy } from '../../../sync/conflicts/profiles';
import { contentItemMergePolicy } from '../../../sync/conflicts/content-items';
import { fromServerRow } from '../../../sync/local-fields';
import { knownFieldsOf } from '../../../sync/collections';
import { serverMediaId } from './helpers/rows';

const T0 = '2026-11-20T10:00:00.000000+00:00';
const T1 = Date.parse('2026-11-20T11:00:00Z');
const T2 = Date.parse('2026-11-20T12:00:00Z');
const T3 = Date.parse('2026-11-20T13:00:00Z');

const doc = (overrides: Record<string, unknown> = {}) =>
  fromServerRow(serverMediaId({ updated_at: T0, ...overrides }), knownFieldsOf('media_ids'));

function localEdit(base: Record<string, unknown>, changes: Record<string, unknown>, times: Record<string, number>) {
  const updated = Math.max(...Object.values(times));
  return { ...base, ...changes, sync_state: 'dirty', sync_field_times: times, updated_at: new Date(updated).toISOString() };
}

describe('MediaID merge: newer edit of each field group wins', () => {
  const base = doc();

  it('keeps disjoint edits of both devices', () => {
    const local = localEdit(base, { interests: ['A', 'B', 'C'] }, { interests: T1 });
    const server = doc({ location_code: 'DE', updated_at: new Date(T2).toISOString(), _modified: 'm2' });
    const merged = mergeFieldGroups({ newDocumentState: local, realMasterState: server, assumedMasterState: base }, mediaIdMergePolicy);
    expect(merged.interests).toEqual(['A', 'B', 'C']);
    expect(merged.location_code).toBe('DE');
    expect(merged.sync_modified).toBe('m2');
    expect(merged.sync_state).toBe('dirty');
    expect(merged.updated_at).toBe(server.updated_at);
  });

  it('the same group edited on both sides goes to the newer edit', () => {
    const server = doc({ interests: ['S1', 'S2', 'S3'], updated_at: new Date(T2).toISOString(), _modified: 'm2' });
    const older = localEdit(base, { interests: ['L1', 'L2', 'L3'] }, { interests: T1 });
    const newer = localEdit(base, { interests: ['L1', 'L2', 'L3'] }, { interests: T3 });
    const input = { realMasterState: server, assumedMasterState: base };
    expect(mergeFieldGroups({ ...input, newDocumentState: older }, mediaIdMergePolicy).interests).toEqual(['S1', 'S2', 'S3']);
    expect(mergeFieldGroups({ ...input, newDocumentState: newer }, mediaIdMergePolicy).interests).toEqual(['L1', 'L2', 'L3']);
  });

  it('merges privacy switches key by key', () => {
    const server = doc({
      privacy_settings: { ...(base.privacy_settings as object), marketing_communications: true },
      updated_at: new Date(T3).toISOString(),
    });
    const local = localEdit(base, { privacy_settings: { ...(base.privacy_settings as object), audio_capture: true } }, { privacy: T1 });
    const merged = mergeFieldGroups({ newDocumentState: local, realMasterState: server, assumedMasterState: base }, mediaIdMergePolicy);
    expect(merged.privacy_settings).toMatchObject({ audio_capture: true, marketing_communications: true, data_sharing: true });
  });

  it('without a base (both devices created the MediaID) differing groups go to the newer side', () => {
    const server = doc({ interests: ['S1', 'S2', 'S3'], genre_preferences: ['Pop'], updated_at: new Date(T2).toISOString() });
    const local = localEdit(doc({ interests: ['L1', 'L2', 'L3'], genre_preferences: ['Folk'] }), {}, { interests: T3, genres: T1 });
    const merged = mergeFieldGroups({ newDocumentState: local, realMasterState: server }, mediaIdMergePolicy);
    expect(merged.interests).toEqual(['L1', 'L2', 'L3']);
    expect(merged.genre_preferences).toEqual(['Pop']);
  });

  it('ties go to the server; the result is deterministic', () => {
    const server = doc({ location_code: 'FR', updated_at: new Date(T2).toISOString() });
    const local = localEdit(base, { location_code: 'GB' }, { location: T2 });
    const input = { newDocumentState: local, realMasterState: server, assumedMasterState: base };
    const a = mergeFieldGroups(input, mediaIdMergePolicy);
    expect(a.location_code).toBe('FR');
    expect(mergeFieldGroups(input, mediaIdMergePolicy)).toEqual(a);
    expect(a.sync_state).toBe('clean');
  });

  it('version only grows; id and created_at stay the server’s', () => {
    const server = doc({ version: 3, created_at: 'server-created', updated_at: new Date(T1).toISOString() });
    const local = localEdit(base, { version: 2, created_at: 'local-created' }, { version: T3 });
    const merged = mergeFieldGroups({ newDocumentState: local, realMasterState: server, assumedMasterState: base }, mediaIdMergePolicy);
    expect(merged.version).toBe(3);
    expect(merged.created_at).toBe('server-created');
  });

  it('tombstones win', () => {
    const local = localEdit(base, { interests: ['A', 'B', 'C'] }, { interests: T3 });
    const deletedOnServer = mergeFieldGroups(
      { newDocumentState: local, realMasterState: doc({ _deleted: true }), assumedMasterState: base },
      mediaIdMergePolicy,
    );
    expect(deletedOnServer._deleted).toBe(true);
    expect(deletedOnServer.sync_state).toBe('clean');
    const deletedLocally = mergeFieldGroups(
      { newDocumentState: { ...local, _deleted: true }, realMasterState: doc({ _modified: 'm9' }), assumedMasterState: base },
      mediaIdMergePolicy,
    );
    expect(deletedLocally._deleted).toBe(true);
    expect(deletedLocally.sync_modified).toBe('m9');
    expect(deletedLocally.sync_state).toBe('dirty');
  });

  it('conflict handler isEqual ignores local-only fields but not server ones', async () => {
    const a = doc();
    expect(mediaIdConflictHandler.isEqual({ ...a, sync_state: 'rejected' } as never, a as never, 't')).toBe(true);
    expect(mediaIdConflictHandler.isEqual({ ...a, sync_modified: 'other' } as never, a as never, 't')).toBe(false);
    const resolved = await mediaIdConflictHandler.resolve(
      { newDocumentState: a as never, realMasterState: a as never, assumedMasterState: a as never },
      't',
    );
    expect(resolved).toMatchObject({ id: a.id, sync_state: 'clean' });
  });
});

describe('other policies', () => {
  it('profile onboarding completion is monotonic; email_verified is server-owned', () => {
    const server = {
      id: 'u', role: 'fan', display_name: 'Server', email_verified: false, onboarding_completed: false,
      updated_at: new Date(T2).toISOString(), _deleted: false,
    };
    const local = {
      ...server, display_name: 'Local', email_verified: true, onboarding_completed: true,
      updated_at: new Date(T1).toISOString(), sync_field_times: { onboarding: T1, display_name: T1 },
    };
    const merged = mergeFieldGroups({ newDocumentState: local, realMasterState: server }, profileMergePolicy);
    expect(merged.onboarding_completed).toBe(true);
    expect(merged.email_verified).toBe(false);
    expect(merged.display_name).toBe('Server');
  });

  it('content metadata merges per key', () => {
    const base = { id: 'c', title: 't', metadata: { album: 'A', tags: ['x'] }, updated_at: T0, _deleted: false };
    const local = { ...base, metadata: { album: 'A', tags: ['x', 'y'] }, sync_field_times: { metadata: T1 } };
    const server = { ...base, metadata: { album: 'B', tags: ['x'] }, updated_at: new Date(T2).toISOString() };
    const merged = mergeFieldGroups({ newDocumentState: local, realMasterState: server, assumedMasterState: base }, contentItemMergePolicy);
    expect(merged.metadata).toEqual({ album: 'B', tags: ['x', 'y'] });
  });

  it('mergeObjectKeys keeps additions from both sides and honours deletions against a base', () => {
    expect(mergeObjectKeys({ a: 1, b: 2 }, { a: 1, c: 3 }, undefined, false)).toEqual({ a: 1, b: 2, c: 3 });
    expect(mergeObjectKeys({ a: 1 }, { a: 1, b: 2 }, { a: 1, b: 2 }, false)).toEqual({ a: 1 });
  });
});
