/**
 * OAuth 2.1 server, part 4: what the signed-in user sees and controls (GoTrue's
 * UserListOAuthGrants, UserRevokeOAuthGrant, OAuthUserInfo).
 * Invariants: a user lists and revokes only their own consents; revoking one deletes the user's
 * sessions for that client in the same transaction (their refresh tokens die with them);
 * /oauth/userinfo gives `sub` plus only what the token's scopes allow.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { send, sendJson } from '../http/util';
import { authError } from './errors';
import type { AuthContext } from './context';
import { UUID_RE } from './oauth-clients';
import { requireOAuthServer, type CurrentUser } from './oauth-server';
import { parseScopes } from './oauth-request';

export class OAuthGrantsApi {
  constructor(
    private readonly ctx: AuthContext,
    private readonly currentUser: CurrentUser,
    private readonly currentUserOrApp: CurrentUser,
  ) {}

  /** GET /user/oauth/grants */
  async listGrants(req: IncomingMessage, res: ServerResponse): Promise<void> {
    requireOAuthServer(this.ctx);
    const { user } = await this.currentUser(req);
    const rows = await this.ctx.db.asSuperuser((tx) =>
      tx.query<{
        scopes: string;
        granted_at: Date;
        id: string;
        client_name: string | null;
        client_uri: string | null;
        logo_uri: string | null;
      }>(
        `select k.scopes, k.granted_at, c.id, c.client_name, c.client_uri, c.logo_uri
           from auth.oauth_consents k join auth.oauth_clients c on c.id = k.client_id and c.deleted_at is null
          where k.user_id = $1 and k.revoked_at is null order by k.granted_at desc`,
        [user.id],
      ),
    );
    return sendJson(
      res,
      200,
      rows.rows.map((g) => {
        const client: Record<string, string> = { id: g.id };
        if (g.client_name) client.name = g.client_name;
        if (g.client_uri) client.uri = g.client_uri;
        if (g.logo_uri) client.logo_uri = g.logo_uri;
        return { client, scopes: parseScopes(g.scopes), granted_at: new Date(g.granted_at).toISOString() };
      }),
    );
  }

  /** DELETE /user/oauth/grants?client_id= : revokes the consent and ends the client's sessions for this user. */
  async revokeGrant(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    requireOAuthServer(this.ctx);
    const { user } = await this.currentUser(req);
    const clientId = url.searchParams.get('client_id') ?? '';
    if (!clientId) throw authError(400, 'validation_failed', 'client_id query parameter is required');
    if (!UUID_RE.test(clientId)) throw authError(400, 'validation_failed', 'invalid client_id format');
    await this.ctx.db.asSuperuser(async (tx) => {
      const r = await tx.query(
        'update auth.oauth_consents set revoked_at = now() where user_id = $1 and client_id = $2 and revoked_at is null returning id',
        [user.id, clientId],
      );
      if (r.rows.length === 0) throw authError(404, 'oauth_consent_not_found', 'No active grant found for this client');
      await tx.query('delete from auth.sessions where user_id = $1 and oauth_client_id = $2', [user.id, clientId]);
    });
    return send(res, 204, null);
  }

  /** GET /oauth/userinfo (OIDC §5.3): claims filtered by the session's scopes. */
  async userinfo(req: IncomingMessage, res: ServerResponse): Promise<void> {
    requireOAuthServer(this.ctx);
    const { user, claims } = await this.currentUserOrApp(req);
    const info: Record<string, unknown> = { sub: user.id };
    const scopes = parseScopes(typeof claims.scope === 'string' ? claims.scope : '');
    if (typeof claims.client_id !== 'string') return sendJson(res, 200, info);
    if (scopes.includes('email')) {
      if (user.email) info.email = user.email;
      if (user.email_confirmed_at) info.email_verified = true;
    }
    if (scopes.includes('profile')) {
      const meta = user.raw_user_meta_data;
      const str = (k: string): string | undefined =>
        typeof meta[k] === 'string' && meta[k] ? (meta[k] as string) : undefined;
      info.name = str('name') ?? (user.email || undefined);
      const picture = str('picture') ?? str('avatar_url');
      if (picture) info.picture = picture;
      const username = str('preferred_username') ?? str('username');
      if (username) info.preferred_username = username;
      info.updated_at = Math.floor(new Date(user.updated_at).getTime() / 1000);
      info.user_metadata = meta;
    }
    return sendJson(res, 200, info);
  }
}
