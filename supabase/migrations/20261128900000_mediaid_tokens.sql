-- MediaID tokens: apps never hold a Supabase session.
--
-- Why: Supabase Auth's OAuth server hands an app a platform session JWT (every session claim plus
-- client_id), and hosted Auth accepts it on /auth/v1/user, /logout and the MFA endpoints: it
-- never checks client_id (internal/api/auth.go, requireAuthentication). No setting or hook
-- changes that. So MediaID keeps Supabase's OAuth server for what it does well (consent, codes,
-- PKCE, one session per grant) and puts its own token endpoint in front of it:
--
--   * Bucket registers each app at Supabase as a confidential client and keeps that client's
--     secret here (private.oauth_client_secrets). The developer gets a different secret, MediaID's
--     (its SHA-256 in developer_apps.client_secret_hash). An app therefore cannot redeem its code
--     at /auth/v1/oauth/token itself: only the mediaid-token Edge Function can.
--   * mediaid-token exchanges the code at Supabase, reads the new session's id and user from the
--     token it got, discards Supabase's tokens and issues opaque MediaID tokens (below), stored as
--     SHA-256 hashes only. Auth, PostgREST, Storage and Realtime never accept them: they are not
--     JWTs.
--   * The MediaID API is the mediaid-api Edge Function (a resource server): it calls
--     public.mediaid_call with the app's token; the api_* functions answer only through it.
--
-- Invariants:
--   * A MediaID token answers only while (1) it is unexpired and not revoked, (2) the Supabase
--     session its code exchange created exists (every door that ends access ends that session:
--     revoke in settings, DELETE /user/oauth/grants, deleting the OAuth client, a replayed code),
--     and (3) the grant is live and the app active (private.api_grant, unchanged in spirit).
--   * Refresh tokens rotate; each works once. A second use within 10 s (a client's concurrent
--     refresh) gets a fresh pair; a reuse after that revokes the whole family, as GoTrue does.
--   * Everything here is service_role only: anon and authenticated can execute none of it, and
--     no longer the api_* functions either.

create table private.oauth_client_secrets (
  client_id text primary key,
  secret text not null check (char_length(secret) between 8 and 500),
  updated_at timestamptz not null default now()
);
revoke all on private.oauth_client_secrets from public, anon, authenticated;

create table private.mediaid_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  kind text not null check (kind in ('access', 'refresh')),
  family_id uuid not null,
  client_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null,
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz
);
create index mediaid_tokens_family_idx on private.mediaid_tokens (family_id);
create index mediaid_tokens_expiry_idx on private.mediaid_tokens (expires_at);
revoke all on private.mediaid_tokens from public, anon, authenticated;

-- 244 random bits from two v4 UUIDs (pgcrypto is not loaded by the embedded backend), hex.
create function private.mediaid_new_token(p_prefix text) returns text
language sql volatile set search_path = '' as $$
  select p_prefix || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
$$;

create function private.mediaid_hash(p_token text) returns text
language sql immutable set search_path = '' as $$
  select encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
$$;

-- A new access + refresh pair in a family. Expired tokens of any family older than a day go too,
-- so the table holds live tokens and the last day's (for reuse detection), not history.
create function private.mediaid_issue(p_family uuid, p_client text, p_user uuid, p_session uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  _access text := private.mediaid_new_token('mid_at_');
  _refresh text := private.mediaid_new_token('mid_rt_');
  _ttl integer := 3600;
begin
  delete from private.mediaid_tokens where expires_at < now() - interval '1 day';
  insert into private.mediaid_tokens (token_hash, kind, family_id, client_id, user_id, session_id, expires_at)
  values (private.mediaid_hash(_access), 'access', p_family, p_client, p_user, p_session, now() + make_interval(secs => _ttl)),
         (private.mediaid_hash(_refresh), 'refresh', p_family, p_client, p_user, p_session, now() + interval '30 days');
  return jsonb_build_object('access_token', _access, 'token_type', 'Bearer', 'expires_in', _ttl, 'refresh_token', _refresh);
end
$$;

-- Is the family's grant live: its Auth session exists, the user's grant for the app is live and
-- the app is active? The scopes it may use, or null.
create function private.mediaid_live_scopes(p_client text, p_user uuid, p_session uuid) returns text[]
language sql stable security definer set search_path = '' as $$
  select array(select s from unnest(g.scopes) s where s = any (r.scopes) order by s)
  from public.mediaid_grants g, private.app_registration(p_client) r
  where g.user_id = p_user and g.client_id = p_client and g.revoked_at is null and not g._deleted
    and r.scopes is not null
    and exists (select 1 from auth.sessions s where s.id = p_session and s.user_id = p_user)
$$;

create function private.oauth_error(p_error text, p_description text) returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_build_object('error', p_error, 'error_description', p_description)
$$;

-- The app (client_id + the MediaID secret's SHA-256) → the Supabase client secret Bucket holds
-- for it, or null (unknown, disabled or deleted app, wrong secret, or an app registered before
-- MediaID tokens: regenerating its secret moves it over).
create function public.mediaid_client_secret(p_client_id text, p_secret_hash text) returns text
language sql stable security definer set search_path = '' as $$
  select c.secret from public.developer_apps a join private.oauth_client_secrets c on c.client_id = a.client_id
  where a.client_id = p_client_id and a.client_secret_hash = p_secret_hash
    and a.status = 'active' and not a._deleted
$$;

-- register-app keeps (or, with null, forgets) the Supabase client secret of an app.
create function public.mediaid_client_secret_store(p_client_id text, p_secret text) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_secret is null then
    delete from private.oauth_client_secrets where client_id = p_client_id;
  else
    insert into private.oauth_client_secrets (client_id, secret) values (p_client_id, p_secret)
    on conflict (client_id) do update set secret = excluded.secret, updated_at = now();
  end if;
end
$$;

-- After Supabase exchanged the code: the first pair of a new family for that session.
create function public.mediaid_token_exchange(p_client_id text, p_user uuid, p_session uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  _scopes text[] := private.mediaid_live_scopes(p_client_id, p_user, p_session);
begin
  if _scopes is null then
    return private.oauth_error('invalid_grant', 'The user has not granted this app access, or the sign-in has ended.');
  end if;
  return private.mediaid_issue(gen_random_uuid(), p_client_id, p_user, p_session)
    || jsonb_build_object('scope', array_to_string(_scopes, ' '));
end
$$;

-- Rotation with reuse detection. Returns an OAuth error object instead of raising, so that the
-- family's revocation on reuse commits.
create function public.mediaid_token_refresh(p_client_id text, p_refresh text) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  t private.mediaid_tokens;
  _scopes text[];
begin
  select * into t from private.mediaid_tokens
  where token_hash = private.mediaid_hash(p_refresh) and kind = 'refresh'
  for update;
  if t.token_hash is null or t.client_id <> p_client_id or t.revoked_at is not null or t.expires_at <= now() then
    return private.oauth_error('invalid_grant', 'Invalid refresh token.');
  end if;
  if t.used_at is not null and t.used_at < now() - interval '10 seconds' then
    update private.mediaid_tokens set revoked_at = now() where family_id = t.family_id and revoked_at is null;
    return private.oauth_error('invalid_grant', 'Refresh token already used: this sign-in has ended.');
  end if;
  _scopes := private.mediaid_live_scopes(t.client_id, t.user_id, t.session_id);
  if _scopes is null then
    return private.oauth_error('invalid_grant', 'The user revoked this app, or the app was removed.');
  end if;
  update private.mediaid_tokens set used_at = coalesce(used_at, now()) where token_hash = t.token_hash;
  return private.mediaid_issue(t.family_id, t.client_id, t.user_id, t.session_id)
    || jsonb_build_object('scope', array_to_string(_scopes, ' '));
end
$$;

-- The caller of the current MediaID API call, as mediaid_call resolved it from its token:
-- transaction-local settings that only mediaid_call writes (anon/authenticated cannot execute
-- the api_* functions that read them).
create or replace function private.api_grant(p_scope text, out grant_row public.mediaid_grants, out scopes text[])
language plpgsql security definer set search_path = '' as $$
declare
  _client text := nullif(current_setting('mediaid.client_id', true), '');
  _uid uuid := nullif(current_setting('mediaid.user_id', true), '')::uuid;
  _session uuid := nullif(current_setting('mediaid.session_id', true), '')::uuid;
  _app_scopes text[];
begin
  if _client is null or _uid is null or _session is null then
    raise exception 'invalid_token' using errcode = '42501',
      detail = 'This call needs a MediaID access token.',
      hint = 'Sign the user in with MediaID and call the MediaID API with its access token.';
  end if;
  if not exists (select 1 from auth.sessions s where s.id = _session and s.user_id = _uid) then
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

-- The resource server's one entrance: the app's access token and the call.
create function public.mediaid_call(p_token text, p_call text, p_body jsonb default '{}') returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  t private.mediaid_tokens;
begin
  select * into t from private.mediaid_tokens
  where token_hash = private.mediaid_hash(coalesce(p_token, '')) and kind = 'access';
  if t.token_hash is null or t.revoked_at is not null or t.expires_at <= now() then
    raise exception 'invalid_token' using errcode = '42501',
      detail = 'The access token is unknown, expired or revoked.',
      hint = 'Refresh it at the MediaID token endpoint, or send the user through MediaID sign-in again.';
  end if;
  perform set_config('mediaid.client_id', t.client_id, true),
          set_config('mediaid.user_id', t.user_id::text, true),
          set_config('mediaid.session_id', t.session_id::text, true);
  return case p_call
    when 'users_me' then public.api_users_me()
    when 'get_preferences' then public.api_get_preferences()
    when 'put_preferences' then public.api_put_preferences(coalesce(p_body, '{}'))
    when 'post_event' then public.api_post_event(coalesce(p_body, '{}'))
    when 'get_analytics' then public.api_get_analytics()
    else null
  end;
end
$$;

revoke all on function private.mediaid_new_token(text), private.mediaid_hash(text),
  private.mediaid_issue(uuid, text, uuid, uuid), private.mediaid_live_scopes(text, uuid, uuid),
  private.oauth_error(text, text)
  from public, anon, authenticated;
revoke all on function public.mediaid_client_secret(text, text), public.mediaid_client_secret_store(text, text),
  public.mediaid_token_exchange(text, uuid, uuid), public.mediaid_token_refresh(text, text),
  public.mediaid_call(text, text, jsonb)
  from public, anon, authenticated;
grant execute on function public.mediaid_client_secret(text, text), public.mediaid_client_secret_store(text, text),
  public.mediaid_token_exchange(text, uuid, uuid), public.mediaid_token_refresh(text, text),
  public.mediaid_call(text, text, jsonb)
  to service_role;

-- The API answers only through mediaid_call: no JWT, Supabase's app tokens included, reaches it.
revoke all on function public.api_users_me(), public.api_get_preferences(), public.api_put_preferences(jsonb),
  public.api_post_event(jsonb), public.api_get_analytics()
  from public, anon, authenticated;
