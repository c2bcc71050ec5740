/**
 * PostgREST-compatible errors: body {code, message, details, hint} and status mapping.
 * Invariants: every failure leaving /rest/v1 has this shape; SQLSTATEs map to PostgREST's
 * documented statuses (42501 → 401 for anon, 403 otherwise); internal details of
 * unexpected JS errors are not echoed beyond their message.
 */
import { HttpError } from '../http/util';
import type { ApiRole } from '../auth/jwt';

export interface PgrstBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export function pgrst(status: number, code: string, message: string, details: string | null = null, hint: string | null = null): HttpError {
  const body: PgrstBody = { code, message, details, hint };
  return new HttpError(status, body);
}

export const unknownTable = (schema: string, name: string): HttpError =>
  pgrst(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);
export const unknownColumn = (table: string, column: string): HttpError =>
  pgrst(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
export const missingColumnInFilter = (table: string, column: string): HttpError =>
  pgrst(400, '42703', `column ${table}.${column} does not exist`);
export const parseError = (message: string, details: string | null = null): HttpError =>
  pgrst(400, 'PGRST100', message, details);
export const invalidJson = (details: string): HttpError => pgrst(400, 'PGRST102', 'Empty or invalid json', details);

export function statusForSqlState(code: string, role: ApiRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === 'P0001') return 400;
  if (code === '42P17') return 500;
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls)) return 500;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  return 400;
}

interface PgLikeError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

export function isPgError(e: unknown): e is PgLikeError & { code: string } {
  return typeof e === 'object' && e !== null && typeof (e as PgLikeError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as { code: string }).code);
}

export function fromPgError(e: PgLikeError & { code: string }, role: ApiRole): HttpError {
  return pgrst(
    statusForSqlState(e.code, role),
    e.code,
    typeof e.message === 'string' ? e.message : 'database error',
    typeof e.detail === 'string' ? e.detail : null,
    typeof e.hint === 'string' ? e.hint : null,
  );
}
