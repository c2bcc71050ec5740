/**
 * tus-js-client `UrlStorage` backed by the outbox entry itself.
 * Invariants: the fingerprint IS the outbox entry id and the storage key; the only URL kept per
 * entry is `tusUploadUrl`, so a reload resumes exactly the upload this entry started and an entry
 * that was removed can never be resumed; removing the URL (success, 4xx on resume) clears it.
 */
import type { PreviousUpload, UrlStorage } from 'tus-js-client';
import type { OutboxDatabase } from './database';
import { applyEvent } from './outbox-store';

export function createOutboxUrlStorage(db: OutboxDatabase): UrlStorage {
  async function find(fingerprint: string): Promise<PreviousUpload[]> {
    const entry = await db.entries.get(fingerprint);
    if (!entry?.tusUploadUrl) return [];
    return [
      {
        size: entry.size,
        metadata: {},
        creationTime: new Date(entry.updatedAt).toString(),
        urlStorageKey: entry.id,
        uploadUrl: entry.tusUploadUrl,
        parallelUploadUrls: null,
      },
    ];
  }
  return {
    findAllUploads: async () => {
      const entries = await db.entries.toArray();
      const found = await Promise.all(entries.map((e) => find(e.id)));
      return found.flat();
    },
    findUploadsByFingerprint: find,
    removeUpload: async (urlStorageKey) => {
      await applyEvent(db, urlStorageKey, { type: 'upload-url', url: null });
    },
    addUpload: async (fingerprint, upload) => {
      await applyEvent(db, fingerprint, { type: 'upload-url', url: upload.uploadUrl ?? null });
      return fingerprint;
    },
  };
}
