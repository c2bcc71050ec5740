/**
 * Classifies Supabase responses and retries once after a session refresh. Invariants: a request
 * answered 401 (or a JWT error) triggers exactly one `auth.refreshSession()` and one retry;
 * status 0 is "network" (offline), 408/425/429/5xx are transient "server" failures, any other 4xx
 * is a permanent "client" failure that must never be retried in a loop by the caller.
 * supabase-js itself refreshes the token before expiry (autoRefreshToken + getSession per request).
 */
import type { SupabaseClient } from '@supabase/supabase-js';

export type FailureKind = 'network' | 'auth' | 'server' | 'client';

export interface SupabaseErrorLike {
  message: string;
  code?: string;
}

export interface SupabaseResultLike {
  error: SupabaseErrorLike | null;
  status: number;
}

export class SyncRequestError extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SyncRequestError';
  }
}

const JWT_ERROR_CODES = new Set(['PGRST301', 'PGRST302', 'PGRST303']);

export function isAuthFailure(result: SupabaseResultLike): boolean {
  if (result.status === 401) return true;
  const err = result.error;
  return !!err && (JWT_ERROR_CODES.has(err.code ?? '') || /jwt expired/i.test(err.message));
}

export function classifyResult(result: SupabaseResultLike): FailureKind | null {
  if (!result.error && result.status < 400) return null;
  if (result.status === 0) return 'network';
  if (isAuthFailure(result)) return 'auth';
  if ([408, 425, 429].includes(result.status) || result.status >= 500) return 'server';
  return 'client';
}

export function toRequestError(result: SupabaseResultLike, kind: FailureKind): SyncRequestError {
  return new SyncRequestError(
    kind,
    result.status,
    result.error?.code ?? String(result.status),
    result.error?.message ?? `HTTP ${result.status}`,
  );
}

/**
 * A failure that is no answer of the server (a bug, a local write that failed, an RxDB error):
 * kind 'client' with status 0, under the error's own code when it has one.
 */
export function localFailure(error: unknown): SyncRequestError {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new SyncRequestError('client', 0, typeof code === 'string' ? code : 'unknown', message);
}

/** Runs a request; on an auth failure refreshes the session once and runs it again. */
export async function withAuthRetry<R extends SupabaseResultLike>(
  supabase: SupabaseClient,
  run: () => PromiseLike<R>,
): Promise<R> {
  const first = await run();
  if (!isAuthFailure(first)) return first;
  const { error } = await supabase.auth.refreshSession();
  if (error) return first;
  return run();
}
