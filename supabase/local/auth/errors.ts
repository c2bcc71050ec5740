/**
 * GoTrue error shape: {code, error_code, msg} with the HTTP status GoTrue uses.
 * Invariants: auth-js reads `error_code` for the typed error and `msg` for error.message; the OAuth
 * server's token errors use RFC 6749's shape instead, as GoTrue's do.
 */
import { HttpError } from '../http/util';

export function authError(status: number, errorCode: string, msg: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, { code: status, error_code: errorCode, msg, ...extra });
}

/** RFC 6749 §5.2 error as GoTrue's OAuthError renders it: always 400, {error, error_description}. */
export function oauthError(error: string, description: string): HttpError {
  return new HttpError(400, { error, error_description: description });
}
