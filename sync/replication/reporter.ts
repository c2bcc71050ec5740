/**
 * What replication handlers tell the engine. Invariants: `success()` after every answered
 * request, `failure()` before every throw, `rejected()` for each row the server refused
 * permanently — the engine derives status, backoff and errors$ from these calls alone.
 */
import type { SyncRequestError } from './request';

export interface SyncRejection {
  collection: string;
  id: string;
  code: string;
  message: string;
}

export interface ReplicationReporter {
  success(): void;
  failure(error: SyncRequestError): void;
  rejected(rejections: SyncRejection[]): void;
}
