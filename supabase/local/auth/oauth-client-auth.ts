/**
 * OAuth 2.1 server: how a token request authenticates its client (GoTrue's
 * ExtractClientCredentials + requireOAuthClientAuth).
 * Invariants: a client uses exactly the method it registered; public clients send no secret;
 * a confidential client's secret is compared in constant time against its stored hash.
 */
import type { Tx } from '../db/database';
import { authError } from './errors';
import { findClient, secretMatches, UUID_RE, type OAuthClientRow } from './oauth-clients';

/** The client credentials of a token request (GoTrue's ExtractClientCredentials). */
export interface ClientCredentials {
  clientId: string;
  secret: string;
  method: 'none' | 'client_secret_basic' | 'client_secret_post';
}

const badCredentials = (detail: string): Error => authError(400, 'invalid_credentials', detail);

/**
 * Reads Basic auth, else the body's client_id / client_secret. Like GoTrue, the Basic user and
 * password are taken as they are, not form-urldecoded (RFC 6749 §2.3.1 says to): a client that
 * percent-encodes them (oauth4webapi's ClientSecretBasic turns '-' into %2D) is refused.
 */
export function clientCredentials(authorization: string | undefined, body: Record<string, string>): ClientCredentials {
  if (authorization?.startsWith('Basic ')) {
    const raw = authorization.slice('Basic '.length);
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(raw))
      throw badCredentials('Invalid client credentials: invalid basic auth encoding');
    const decoded = Buffer.from(raw, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw badCredentials('Invalid client credentials: invalid basic auth format');
    return { clientId: decoded.slice(0, colon), secret: decoded.slice(colon + 1), method: 'client_secret_basic' };
  }
  const clientId = body.client_id ?? '';
  if (!clientId) throw badCredentials('Invalid client credentials: client_id is required');
  const secret = body.client_secret ?? '';
  return { clientId, secret, method: secret ? 'client_secret_post' : 'none' };
}

/** GoTrue's requireOAuthClientAuth: the client exists, used its registered method, and the secret matches. */
export async function authenticateClient(tx: Tx, creds: ClientCredentials): Promise<OAuthClientRow> {
  if (!UUID_RE.test(creds.clientId)) throw badCredentials('Invalid client_id format');
  const client = await findClient(tx, creds.clientId);
  if (!client) throw badCredentials('Invalid client credentials');
  if (creds.method !== client.token_endpoint_auth_method) {
    throw badCredentials(
      `invalid authentication method: client is registered for '${client.token_endpoint_auth_method}' but '${creds.method}' was used`,
    );
  }
  if (client.client_type === 'public') {
    if (creds.secret) throw badCredentials('public clients must not provide client_secret');
    return client;
  }
  if (!creds.secret) throw badCredentials('confidential clients must provide client_secret');
  if (!secretMatches(creds.secret, client.client_secret_hash)) throw badCredentials('invalid client credentials');
  return client;
}
