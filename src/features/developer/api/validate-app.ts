import type { OAuthScope } from '../scopes';
import { redirectUriProblem } from '@/lib/redirect-uri';

/** Pure validation of the Create Application form (name, redirect URIs as URLs, at least one scope). */

export function parseRedirectUris(text: string): string[] {
  return text
    .split(/[\n,]+/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The server's redirect-URI rule (https, or http on loopback; no commas, fragment or userinfo). */
export function isValidRedirectUri(value: string): boolean {
  return redirectUriProblem(value) === null;
}

export function validateAppName(name: string): string | null {
  return name.trim() ? null : 'Application name is required';
}

export function validateRedirectUris(text: string): string | null {
  const uris = parseRedirectUris(text);
  if (uris.length === 0) return 'Add at least one redirect URI';
  const invalid = uris.find((uri) => !isValidRedirectUri(uri));
  return invalid ? `Not a valid URL: ${invalid} (use https://, or http://localhost)` : null;
}

export function validateScopes(scopes: readonly OAuthScope[]): string | null {
  return scopes.length > 0 ? null : 'Select at least one scope';
}
