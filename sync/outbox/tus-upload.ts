/**
 * One outbox entry's object transfer through TUS (tus-js-client) into bucket `content`.
 * Invariants: 6 MiB chunks; the fingerprint is the entry id and the upload URL lives on the entry,
 * so a reload resumes from the server's offset instead of byte 0; `x-upsert: false` — an existing
 * object is never overwritten: a 409 on creation counts as done only when the stored size equals
 * the file size; an expired upload URL (404/410) starts a new upload of the same object path;
 * the access token is read before every request; the outcome is a value, never a throw.
 */
import { Upload, type DetailedError, type FileReader as TusFileReader, type HttpStack } from 'tus-js-client';
import { tusEndpoint, type OutboxBackend } from './backend';
import type { OutboxDatabase } from './database';
import type { OutboxEntry } from './types';
import { createOutboxUrlStorage } from './url-storage';

export const CHUNK_SIZE = 6 * 1024 * 1024;
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

export type TransferOutcome =
  | { kind: 'stored' }
  | { kind: 'interrupted'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'aborted' };

export interface TransferOptions {
  db: OutboxDatabase;
  backend: OutboxBackend;
  chunkSize?: number;
  retryDelays?: number[] | null;
  /** Node needs a reader that turns the Blob into Buffers; browsers use tus' default. */
  fileReader?: TusFileReader;
  httpStack?: HttpStack;
  onProgress?: (bytesUploaded: number, bytesTotal: number) => void;
  isOnline?: () => boolean;
}

export interface RunningTransfer {
  done: Promise<TransferOutcome>;
  /** Stop sending; `terminate` also deletes the partial upload on the server. */
  abort(terminate?: boolean): Promise<void>;
}

function statusOf(error: unknown): number {
  return (error as DetailedError).originalResponse?.getStatus() ?? 0;
}

function methodOf(error: unknown): string {
  return (error as DetailedError).originalRequest?.getMethod() ?? '';
}

function defaultIsOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Pure: what a tus error means for the outbox once tus-js-client's own retries are spent. */
export function classifyTransferError(
  status: number,
  method: string,
  online: boolean,
): 'exists' | 'expired' | 'interrupted' | 'failed' {
  if (status === 409 && method === 'POST') return 'exists';
  if (status === 404 || status === 410) return 'expired';
  if (status === 0 || !online) return 'interrupted';
  // Expired token, offset race, lock, rate limit: transient — the file waits, it has not failed.
  if (status === 401 || status === 409 || status === 423 || status === 429) return 'interrupted';
  return 'failed';
}

/** Pure: should tus-js-client retry this request itself (within `retryDelays`)? */
export function shouldRetryRequest(status: number, method: string, online: boolean): boolean {
  if (!online) return false;
  if (status === 409) return method !== 'POST';
  return status === 0 || status >= 500 || status === 401 || status === 423 || status === 429;
}

export function startTransfer(entry: OutboxEntry, blob: Blob | undefined, options: TransferOptions): RunningTransfer {
  const { db, backend } = options;
  const isOnline = options.isOnline ?? defaultIsOnline;
  let upload: Upload | null = null;
  let aborted = false;
  let expiredRestarts = 0;
  let settle: (outcome: TransferOutcome) => void = () => undefined;
  const done = new Promise<TransferOutcome>((resolve) => {
    settle = resolve;
  });

  async function verifyExisting(): Promise<TransferOutcome> {
    try {
      const stat = await backend.statObject(entry.objectPath);
      if (stat && stat.size === entry.size) return { kind: 'stored' };
      if (stat) return { kind: 'failed', message: `A different object already exists at ${entry.objectPath}` };
      return { kind: 'interrupted', message: 'The object is still being created; retrying' };
    } catch (error) {
      return { kind: 'interrupted', message: `Could not verify the stored object: ${String(error)}` };
    }
  }

  function begin(resume: boolean) {
    if (!blob) {
      settle({ kind: 'failed', message: 'The file is no longer stored on this device' });
      return;
    }
    const current = new Upload(blob, {
      endpoint: tusEndpoint(backend.supabaseUrl),
      chunkSize: options.chunkSize ?? CHUNK_SIZE,
      retryDelays: options.retryDelays === undefined ? RETRY_DELAYS : options.retryDelays,
      uploadSize: entry.size,
      metadata: {
        bucketName: 'content',
        objectName: entry.objectPath,
        contentType: entry.type || 'application/octet-stream',
        cacheControl: '3600',
      },
      headers: { apikey: backend.anonKey, 'x-upsert': 'false' },
      fingerprint: () => Promise.resolve(entry.id),
      urlStorage: createOutboxUrlStorage(db),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      ...(options.fileReader ? { fileReader: options.fileReader } : {}),
      ...(options.httpStack ? { httpStack: options.httpStack } : {}),
      onBeforeRequest: async (req) => {
        const token = await backend.getAccessToken();
        if (!token) throw new Error('Not signed in');
        req.setHeader('authorization', `Bearer ${token}`);
      },
      onShouldRetry: (error) => shouldRetryRequest(statusOf(error), methodOf(error), isOnline()),
      onProgress: (sent, total) => options.onProgress?.(sent, total),
      onSuccess: () => settle({ kind: 'stored' }),
      onError: (error) => {
        if (aborted) return;
        const kind = classifyTransferError(statusOf(error), methodOf(error), isOnline());
        if (kind === 'exists') {
          void verifyExisting().then(settle);
        } else if (kind === 'expired' && expiredRestarts < 2) {
          // The stored URL expired mid-transfer: forget it and upload the same object anew.
          expiredRestarts += 1;
          void db.entries
            .update(entry.id, { tusUploadUrl: null })
            .then(() => begin(false), (e: unknown) => settle({ kind: 'interrupted', message: String(e) }));
        } else if (kind === 'interrupted' || kind === 'expired') {
          settle({ kind: 'interrupted', message: error.message });
        } else {
          settle({ kind: 'failed', message: error.message });
        }
      },
    });
    upload = current;
    const previous = resume ? current.findPreviousUploads() : Promise.resolve([]);
    void previous.then(
      (found) => {
        if (aborted) return;
        const last = found[found.length - 1];
        if (last) current.resumeFromPreviousUpload(last);
        current.start();
      },
      (error: unknown) => settle({ kind: 'interrupted', message: String(error) }),
    );
  }

  begin(true);
  return {
    done,
    abort: async (terminate = false) => {
      aborted = true;
      settle({ kind: 'aborted' });
      await upload?.abort(terminate).catch(() => undefined);
    },
  };
}
