-- One list of MediaID scopes for the whole schema.
-- Invariants:
--   * public.mediaid_scopes() is the only place SQL names Bucket's OAuth scopes. The grants'
--     CHECK, the developer-app validator (which also admits campaigns:read, shown by the sample
--     apps only) and the consent screen's read of an app all call it.
--   * The TypeScript lists (sync/schemas/developer-apps.ts, the register-app function) are
--     compared with it by tests/integration/oauth/scopes-agree.test.ts.

create function public.mediaid_scopes() returns text[]
language sql immutable set search_path = '' as $$
  select array['media:read', 'media:write', 'preferences:read', 'preferences:write',
    'events:read', 'events:write', 'analytics:read']::text[]
$$;
-- Evaluated in CHECK constraints as the writing role (signed-in users write grants and apps go
-- through register-app as the service role); anon writes neither.
revoke all on function public.mediaid_scopes() from public, anon;
grant execute on function public.mediaid_scopes() to authenticated, service_role;

create or replace function public.developer_scopes_valid(p_scopes text[]) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(cardinality(p_scopes), 0) >= 1
    and array_position(p_scopes, null) is null
    and p_scopes <@ (public.mediaid_scopes() || array['campaigns:read']::text[])
$$;

alter table public.mediaid_grants drop constraint mediaid_grants_scopes_check;
alter table public.mediaid_grants add constraint mediaid_grants_scopes_check check (
  cardinality(scopes) >= 1 and array_position(scopes, null) is null and scopes <@ public.mediaid_scopes());

create or replace function public.mediaid_app_info(p_client_id text)
returns table (client_id text, name text, scopes text[])
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.refuse_app_token();
  if (select auth.uid()) is null then
    raise exception 'sign in to read an app''s registration' using errcode = '42501';
  end if;
  return query
    select p_client_id, r.name,
      array(select s from unnest(r.scopes) s where s = any (public.mediaid_scopes()) order by s)
    from private.app_registration(p_client_id) r
    where r.name is not null;
end
$$;
