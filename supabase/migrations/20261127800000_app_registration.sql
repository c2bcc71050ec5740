-- App registration through the OAuth server (issue 29, deliverables 1 and 6, portal side).
-- An app is an OAuth client of Supabase Auth's OAuth 2.1 server. Only server-side code holding
-- the service role can create one (the admin API), so registration moves to the Edge Function
-- `register-app` (supabase/functions/register-app), which checks the developer's session and
-- MediaID, creates the client, then inserts this row with the service role.
-- Invariants:
--   * A signed-in user can no longer insert a developer_apps row (privilege and policy gone): a
--     row always names a client the OAuth server created. The owner still reads the row, and
--     updates name, description, scopes and status (sync, offline-safe); client_id, the secret's
--     hash and redirect_uris change only through the function (service role): the redirect URIs
--     must stay those of the OAuth client.
--   * client_id: the OAuth server's client id (a uuid, allowed since 20261127700000_mediaid_consent)
--     — or a legacy `bkt_…` id of an app made before (such an app has no OAuth client, no tokens).
--   * developer_app_usage(): per app of the caller, counts only (API calls in 30 days, connected
--     users, last call) — never a user; refused to app tokens.

-- ------------------------------------------------------------------ only the function registers
drop policy developer_apps_insert_developer on public.developer_apps;
revoke insert on public.developer_apps from authenticated;

-- Credentials are the server's: the function (service role) rotates the secret's hash; an API
-- caller changes neither them nor the redirect URIs the OAuth client was registered with.
create or replace function public.developer_apps_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE' then
    if new.client_id is distinct from old.client_id then
      raise exception 'client credentials cannot change' using errcode = '42501';
    end if;
    if public.is_api_caller() and (new.client_secret_hash is distinct from old.client_secret_hash
       or new.client_secret_last4 is distinct from old.client_secret_last4) then
      raise exception 'client credentials cannot change' using errcode = '42501';
    end if;
    if public.is_api_caller() and new.redirect_uris is distinct from old.redirect_uris then
      raise exception 'redirect URIs change only through app registration (register-app)' using errcode = '42501';
    end if;
    if new.owner_id is distinct from old.owner_id then
      raise exception 'owner_id cannot change' using errcode = '42501';
    end if;
    new.created_at := old.created_at;
  end if;
  if public.is_api_caller() then
    if tg_op = 'INSERT' then
      new.api_calls := 0;
      new.users := 0;
      new.last_used := null;
    else
      new.api_calls := old.api_calls;
      new.users := old.users;
      new.last_used := old.last_used;
    end if;
  end if;
  return new;
end
$$;

-- ------------------------------------------------------------------ usage for the portal
-- Definer: the access log and grants are the users' rows; the developer sees only counts for
-- apps they own (owner_id = auth.uid(), not deleted).
create function public.developer_app_usage()
returns table (client_id text, api_calls_30d bigint, connected_users bigint, last_call_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.refuse_app_token();
  if (select auth.uid()) is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  return query
    select a.client_id,
      (select count(*) from public.mediaid_access_log l
        where l.client_id = a.client_id and l.at > now() - interval '30 days'),
      (select count(*) from public.mediaid_grants g
        where g.client_id = a.client_id and g.revoked_at is null and not g._deleted),
      (select max(l.at) from public.mediaid_access_log l where l.client_id = a.client_id)
    from public.developer_apps a
    where a.owner_id = (select auth.uid()) and not a._deleted
    order by a.created_at desc;
end
$$;
revoke all on function public.developer_app_usage() from public, anon, authenticated;
grant execute on function public.developer_app_usage() to authenticated;
