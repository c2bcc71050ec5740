/**
 * GoTrue error shape: {code, error_code, msg} with the HTTP status GoTrue uses.
 * Invariants: auth-js reads `error_code` for the typed error and `msg` for error.message.
 */
import { HttpError } from '../http/util';

export function authError(status: number, errorCode: string, msg: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, { code: status, error_code: errorCode, msg, ...extra });
}
