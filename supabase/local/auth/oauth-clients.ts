/**
 * OAuth 2.1 server, part 1: the clients (GoTrue's internal/api/oauthserver/handlers.go + service.go):
 * `/admin/oauth/clients…` for the service role, `/oauth/clients/register` (dynamic registration,
 * off unless allow_dynamic_registration), and the client lookups and credentials the other
 * OAuth endpoints share (token-endpoint client authentication: oauth-client-auth.ts; the
 * registration and update fields' validation: oauth-client-fields.ts).
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
import { clientUpdate, invalid, registration, type ClientRegistration } from './oauth-client-fields';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface OAuthClientRow extends ClientRegistration {
  id: string;
  client_secret_hash: string | null;
  registration_type: string;
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
    const { uris, grants, name, clientUri, logoUri, method } = clientUpdate(client.client_type, body);
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
