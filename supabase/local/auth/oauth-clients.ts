/**
 * OAuth 2.1 server, part 1: the clients (GoTrue's internal/api/oauthserver/handlers.go + service.go):
 * `/admin/oauth/clients…` for the service role, `/oauth/clients/register` (dynamic registration,
 * off unless allow_dynamic_registration), and the client lookups and credentials the other
 * OAuth endpoints share (token-endpoint client authentication: oauth-client-auth.ts).
 * Invariants: a client secret is shown once (at registration or regeneration) and stored only as
 * its SHA-256 hash, compared in constant time; public clients have no secret and authenticate with
 * `none`, confidential ones with exactly their registered method (client_secret_basic or _post);
 * a deleted client is soft-deleted (deleted_at) and is then unknown everywhere; responses and
 * errors have GoTrue's JSON shapes, including its omitted empty fields.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Tx } from '../db/database';
import { send, sendJson } from '../http/util';
import { authError } from './errors';
import { jsonBody, type AuthContext, type Body } from './context';
import { redirectUriProblem } from '../../functions/_shared/redirect-uri';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];

export interface OAuthClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: string;
  client_type: 'public' | 'confidential';
  token_endpoint_auth_method: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date;
  updated_at: Date;
}

const list = (csv: string): string[] => (csv ? csv.split(',') : []);
export const redirectUris = (c: OAuthClientRow): string[] => list(c.redirect_uris);
export const grantTypes = (c: OAuthClientRow): string[] => list(c.grant_types);

const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export function secretMatches(provided: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const stored = Buffer.from(storedHash, 'base64url');
  const calc = createHash('sha256').update(provided).digest();
  return stored.length === calc.length && timingSafeEqual(stored, calc);
}

/** GoTrue's OAuthServerClientResponse: empty strings and lists are left out (omitempty). */
export function clientJson(c: OAuthClientRow, secret?: string): Record<string, unknown> {
  const out: Record<string, unknown> = { client_id: c.id };
  if (secret) out.client_secret = secret;
  out.client_type = c.client_type;
  const uris = redirectUris(c);
  if (uris.length) out.redirect_uris = uris;
  out.token_endpoint_auth_method = c.token_endpoint_auth_method;
  const grants = grantTypes(c);
  if (grants.length) out.grant_types = grants;
  out.response_types = ['code'];
  if (c.client_name) out.client_name = c.client_name;
  if (c.client_uri) out.client_uri = c.client_uri;
  if (c.logo_uri) out.logo_uri = c.logo_uri;
  out.registration_type = c.registration_type;
  out.created_at = new Date(c.created_at).toISOString();
  out.updated_at = new Date(c.updated_at).toISOString();
  return out;
}

/** The live (not deleted) client with this id, if any. */
export async function findClient(tx: Tx, id: string): Promise<OAuthClientRow | undefined> {
  if (!UUID_RE.test(id)) return undefined;
  const r = await tx.query<OAuthClientRow>('select * from auth.oauth_clients where id = $1 and deleted_at is null', [
    id,
  ]);
  return r.rows[0];
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

const invalid = (msg: string): Error => authError(400, 'validation_failed', msg);

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
function registration(
  body: Body,
): Omit<OAuthClientRow, 'id' | 'client_secret_hash' | 'registration_type' | 'created_at' | 'updated_at'> {
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

export class OAuthClientsApi {
  constructor(private readonly ctx: AuthContext) {}

  /** POST /admin/oauth/clients (manual) or /oauth/clients/register (dynamic). */
  async register(req: IncomingMessage, res: ServerResponse, kind: 'manual' | 'dynamic'): Promise<void> {
    const body = await jsonBody(req).catch(() => {
      throw authError(400, 'bad_json', 'Invalid JSON body');
    });
    let fields: ReturnType<typeof registration>;
    try {
      fields = registration(body);
    } catch (e) {
      const b = (e as { body?: { error_code?: string; msg?: string } }).body;
      if (b?.error_code !== 'validation_failed') throw e;
      throw invalid(`400: ${b.msg}`); // GoTrue wraps the validation error's own text
    }
    const secret = fields.client_type === 'confidential' ? randomBytes(32).toString('base64url') : undefined;
    const row = await this.ctx.db.asSuperuser(async (tx) => {
      const r = await tx.query<OAuthClientRow>(
        `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method,
           redirect_uris, grant_types, client_name, client_uri, logo_uri)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
        [
          randomUUID(),
          secret ? hashSecret(secret) : null,
          kind,
          fields.client_type,
          fields.token_endpoint_auth_method,
          fields.redirect_uris,
          fields.grant_types,
          fields.client_name,
          fields.client_uri,
          fields.logo_uri,
        ],
      );
      return r.rows[0]!;
    });
    return sendJson(res, 201, clientJson(row, secret));
  }

  /** /admin/oauth/clients/… (the caller has checked the service role). */
  async admin(req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<void> {
    if (path === '/clients' && method === 'POST') return this.register(req, res, 'manual');
    if (path === '/clients' && method === 'GET') {
      const rows = await this.ctx.db.asSuperuser((tx) =>
        tx.query<OAuthClientRow>('select * from auth.oauth_clients where deleted_at is null order by created_at desc'),
      );
      // GoTrue's `clients` is omitempty: no clients answers {}
      return sendJson(res, 200, rows.rows.length ? { clients: rows.rows.map((c) => clientJson(c)) } : {});
    }
    const m = /^\/clients\/([^/]+)(\/regenerate_secret)?$/.exec(path);
    if (!m) throw authError(404, 'not_found', 'Not Found');
    const id = decodeURIComponent(m[1]!);
    if (!UUID_RE.test(id)) throw authError(400, 'validation_failed', 'invalid client_id format');
    const found = await this.ctx.db.asSuperuser((tx) => findClient(tx, id));
    if (!found) throw authError(404, 'oauth_client_not_found', 'OAuth client not found');
    if (m[2]) {
      if (method !== 'POST') throw authError(405, 'method_not_allowed', 'Method Not Allowed');
      if (found.client_type !== 'confidential')
        throw authError(400, 'validation_failed', 'Cannot regenerate secret for public client');
      const secret = randomBytes(32).toString('base64url');
      const row = await this.ctx.db.asSuperuser(async (tx) => {
        const r = await tx.query<OAuthClientRow>(
          'update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning *',
          [id, hashSecret(secret)],
        );
        return r.rows[0]!;
      });
      return sendJson(res, 200, clientJson(row, secret));
    }
    if (method === 'GET') return sendJson(res, 200, clientJson(found));
    if (method === 'DELETE') {
      // soft delete as GoTrue; stricter than hosted (which keeps them until they expire): the
      // client's sessions end with it, so its tokens stop at once everywhere
      await this.ctx.db.asSuperuser(async (tx) => {
        await tx.query('update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1', [id]);
        await tx.query('delete from auth.sessions where oauth_client_id = $1', [id]);
      });
      return send(res, 204, null);
    }
    if (method === 'PUT')
      return this.update(
        res,
        found,
        await jsonBody(req).catch(() => Promise.reject(authError(400, 'bad_json', 'Invalid JSON body'))),
      );
    throw authError(405, 'method_not_allowed', 'Method Not Allowed');
  }

  private async update(res: ServerResponse, client: OAuthClientRow, body: Body): Promise<void> {
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
      if (typeFor(method) !== client.client_type) {
        const valid = client.client_type === 'public' ? '[none]' : '[client_secret_basic client_secret_post]';
        throw invalid(
          `token_endpoint_auth_method '${method}' is not valid for client_type '${client.client_type}'; valid methods: ${valid}`,
        );
      }
    }
    const row = await this.ctx.db.asSuperuser(async (tx) => {
      const r = await tx.query<OAuthClientRow>(
        `update auth.oauth_clients set
           redirect_uris = coalesce($2, redirect_uris), grant_types = coalesce($3, grant_types),
           client_name = case when $4::text is null then client_name else nullif($4, '') end,
           client_uri = case when $5::text is null then client_uri else nullif($5, '') end,
           logo_uri = case when $6::text is null then logo_uri else nullif($6, '') end,
           token_endpoint_auth_method = coalesce($7, token_endpoint_auth_method), updated_at = now()
         where id = $1 returning *`,
        [
          client.id,
          uris?.join(',') ?? null,
          grants?.join(',') ?? null,
          name ?? null,
          clientUri ?? null,
          logoUri ?? null,
          method ?? null,
        ],
      );
      return r.rows[0]!;
    });
    return sendJson(res, 200, clientJson(row));
  }
}
