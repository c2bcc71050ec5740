/**
 * The fields of an OAuth client, as GoTrue validates them at registration and update
 * (internal/api/oauthserver/handlers.go, models/oauth_client.go): redirect URIs (GoTrue's rule,
 * then Bucket's), grant types, names and URLs, and the client type with its token endpoint
 * authentication method. Invariants: checks run in GoTrue's order with its messages, so the
 * first problem named is the one hosted names; a wrongly typed JSON field is `bad_json`, as Go's
 * decoding fails; a public client authenticates with `none` only, a confidential one never.
 * Pure: no database (oauth-clients.ts stores what passes).
 */
import type { Body } from './context';
import { authError } from './errors';
import { redirectUriProblem } from '../../functions/_shared/redirect-uri';

type ClientType = 'public' | 'confidential';
const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];

/** A client's stored fields that registration decides (auth.oauth_clients, lists comma-joined). */
export interface ClientRegistration {
  client_type: ClientType;
  token_endpoint_auth_method: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
}

/** GoTrue's validateRedirectURI (RFC 6749 §3.1.2): absolute, no fragment, http only on loopback. */
function goTrueRedirectUriProblem(uri: string): string | undefined {
  if (!uri) return 'redirect URI cannot be empty';
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return 'must have scheme and host';
  }
  const scheme = u.protocol.slice(0, -1);
  if (!u.host) return 'must have scheme and host';
  if (['javascript', 'data', 'file', 'vbscript', 'about', 'blob'].includes(scheme.toLowerCase())) {
    return `scheme '${scheme}' is not allowed for security reasons`;
  }
  if (scheme === 'http' && !['localhost', '127.0.0.1', '[::1]'].includes(u.hostname))
    return 'HTTP scheme only allowed for localhost';
  if (u.hash) return 'fragment not allowed in redirect URI';
  return undefined;
}

/**
 * GoTrue's rule, then Bucket's (../../functions/_shared/redirect-uri.ts). Stricter than hosted,
 * which takes commas, whitespace and userinfo (and splits its comma-joined list back); on
 * hosted, register-app applies the same rule before it calls Auth.
 */
function clientRedirectUriProblem(uri: string): string | undefined {
  const problem = goTrueRedirectUriProblem(uri) ?? redirectUriProblem(uri);
  return problem ?? undefined;
}

export const invalid = (msg: string): Error => authError(400, 'validation_failed', msg);

/** A JSON field Go would decode into []string (a wrong type fails the whole decode: bad_json). */
function strings(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw authError(400, 'bad_json', 'Invalid JSON body');
  return v as string[];
}

function optString(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw authError(400, 'bad_json', 'Invalid JSON body');
  return v;
}

function checkRedirectUris(uris: string[], required: boolean): void {
  if (required && uris.length === 0) throw invalid('redirect_uris is required');
  if (uris.length === 0) throw invalid('redirect_uris cannot be empty');
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = clientRedirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

function checkGrantTypes(grants: string[]): void {
  if (grants.length === 0) throw invalid('grant_types cannot be empty');
  if (grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token')) {
    throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
  }
}

function checkUri(v: string | undefined, name: string): void {
  if (!v) return;
  if (v.length > 2048) throw invalid(`${name} cannot exceed 2048 characters`);
  try {
    new URL(v);
  } catch {
    throw invalid(`${name} must be a valid URL`);
  }
}

const typeFor = (method: string): 'public' | 'confidential' => (method === 'none' ? 'public' : 'confidential');

/** Validation of a registration, GoTrue's order and messages (the handler prefixes "400: "). */
export function registration(body: Body): ClientRegistration {
  const uris = strings(body.redirect_uris) ?? [];
  const grants = strings(body.grant_types);
  const name = optString(body.client_name) ?? '';
  const clientUri = optString(body.client_uri) ?? '';
  const logoUri = optString(body.logo_uri) ?? '';
  const type = optString(body.client_type) ?? '';
  const method = optString(body.token_endpoint_auth_method) ?? '';
  checkRedirectUris(uris, true);
  if (grants && grants.length > 0) checkGrantTypes(grants);
  if (name.length > 1024) throw invalid('client_name cannot exceed 1024 characters');
  checkUri(clientUri, 'client_uri');
  checkUri(logoUri, 'logo_uri');
  if (type && type !== 'public' && type !== 'confidential')
    throw invalid("client_type must be 'public' or 'confidential'");
  if (method && !AUTH_METHODS.includes(method))
    throw invalid(`token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`);
  if (type && method && typeFor(method) !== type) {
    throw invalid(
      `client_type '${type}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${typeFor(method)}')`,
    );
  }
  const clientType = type ? (type as 'public' | 'confidential') : method ? typeFor(method) : 'confidential';
  const authMethod = method || (clientType === 'public' ? 'none' : 'client_secret_basic');
  // GoTrue's model validation (a 500 there): the type and the method must agree
  if (clientType === 'public' && authMethod !== 'none')
    throw invalid(`public clients must use token_endpoint_auth_method 'none'`);
  if (clientType === 'confidential' && authMethod === 'none')
    throw invalid(`confidential clients cannot use token_endpoint_auth_method 'none'`);
  return {
    client_type: clientType,
    token_endpoint_auth_method: authMethod,
    redirect_uris: uris.join(','),
    grant_types: (grants && grants.length ? grants : ['authorization_code', 'refresh_token']).join(','),
    client_name: name || null,
    client_uri: clientUri || null,
    logo_uri: logoUri || null,
  };
}

/** An update's fields (undefined: unchanged), checked against the client's type. */
export function clientUpdate(clientType: ClientType, body: Body) {
  const uris = strings(body.redirect_uris);
  const grants = strings(body.grant_types);
  const name = optString(body.client_name);
  const clientUri = optString(body.client_uri);
  const logoUri = optString(body.logo_uri);
  const method = optString(body.token_endpoint_auth_method);
  if ([uris, grants, name, clientUri, logoUri, method].every((v) => v === undefined))
    throw invalid('No fields provided for update');
  if (uris) checkRedirectUris(uris, false);
  if (grants) checkGrantTypes(grants);
  if (name !== undefined && name.length > 1024) throw invalid('client_name cannot exceed 1024 characters');
  checkUri(clientUri, 'client_uri');
  checkUri(logoUri, 'logo_uri');
  if (method !== undefined) {
    if (!AUTH_METHODS.includes(method))
      throw invalid(`invalid token_endpoint_auth_method: must be one of [${AUTH_METHODS.join(' ')}]`);
    if (typeFor(method) !== clientType) {
      const valid = clientType === 'public' ? '[none]' : '[client_secret_basic client_secret_post]';
      throw invalid(
        `token_endpoint_auth_method '${method}' is not valid for client_type '${clientType}'; valid methods: ${valid}`,
      );
    }
  }
  return { uris, grants, name, clientUri, logoUri, method };
}
