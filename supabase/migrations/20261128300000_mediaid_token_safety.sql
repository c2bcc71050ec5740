-- MediaID tokens that cannot outlive their grant, and redirect URIs that cannot smuggle script
-- (issue 38).

-- ------------------------------------------------------------------ redirect URIs
-- Redirect URIs as OAuth 2.1 wants them: the SQL twin of
-- supabase/functions/_shared/redirect-uri.ts. An absolute https URI, or http on a loopback host;
-- no userinfo, no fragment, no whitespace, control characters or commas (Auth keeps a client's
-- URIs comma-joined: a comma would smuggle a second URI in), at most 2048 characters.
-- `create or replace` keeps the function's grants (it is called by developer_apps' CHECK).
create or replace function public.developer_redirect_uris_valid(p_uris text[]) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(cardinality(p_uris), 0) between 1 and 10
    and not exists (
      select 1 from unnest(p_uris) u
      where u is null
         or char_length(u) > 2048
         or u ~ '[[:space:][:cntrl:],#]'
         or not (u ~ '^https://[^/?@]+([/?].*)?$'
              or u ~ '^http://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?([/?].*)?$')
    )
$$;

-- ------------------------------------------------------------------ one revocation
-- An app token answers only while the Auth session it was issued in exists. Every door that
-- ends access ends that session: revoking in /settings/mediaid and DELETE /user/oauth/grants
-- (both delete the client's sessions for the user), deleting the OAuth client (its sessions go
-- with it), a replayed authorization code, refresh-token reuse past the interval (local). So
-- auth.sessions is the one truth for "is this token live"; mediaid_grants says what it may read.
-- Same as 20261127600000_mediaid_api.sql's api_grant, plus the session check first.
create or replace function private.api_grant(p_scope text, out grant_row public.mediaid_grants, out scopes text[])
language plpgsql security definer set search_path = '' as $$
declare
  _client text := (select auth.jwt() ->> 'client_id');
  _uid uuid := (select auth.uid());
  _session text := (select auth.jwt() ->> 'session_id');
  _app_scopes text[];
begin
  if _client is null or _uid is null then
    raise exception 'invalid_token' using errcode = '42501',
      detail = 'This call needs an access token issued to a MediaID app through OAuth (a JWT with a client_id claim).',
      hint = 'Sign the user in with MediaID (OAuth 2.1 with PKCE) and send its access token as the Bearer token.';
  end if;
  if _session is null or _session !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or not exists (select 1 from auth.sessions s where s.id = _session::uuid and s.user_id = _uid) then
    raise exception 'invalid_token' using errcode = '42501',
      detail = 'This token''s sign-in has ended: the user revoked the app, or the app was removed.',
      hint = 'Send the user through MediaID sign-in again.';
  end if;
  -- One statement checks and locks: see 20261127600000_mediaid_api.sql's header (revocation race).
  update public.mediaid_grants g set last_used_at = now()
  where g.user_id = _uid and g.client_id = _client and g.revoked_at is null and not g._deleted
  returning g.* into grant_row;
  select r.scopes into _app_scopes from private.app_registration(_client) r;
  if grant_row.id is null or _app_scopes is null then
    raise exception 'invalid_token' using errcode = '42501',
      detail = 'This user has not granted this app access, has revoked it, or the app is disabled.',
      hint = 'Send the user through MediaID sign-in again.';
  end if;
  scopes := array(select s from unnest(grant_row.scopes) s where s = any (_app_scopes) order by s);
  if not p_scope = any (scopes) then
    raise exception 'insufficient_scope' using errcode = '42501',
      detail = format('This call needs the %s scope; this grant has: %s.', p_scope, coalesce(nullif(array_to_string(scopes, ', '), ''), 'none')),
      hint = p_scope;
  end if;
end
$$;
