-- The consent screen's read of an app it does not own (issue 29, deliverable 2).
-- Invariants:
--   * public.mediaid_app_info(client_id) answers a signed-in user (never anon, never an app
--     token) with exactly the name and the MediaID scopes of an ACTIVE registered app — never its
--     owner, secret hash, redirect URIs, usage counters or description — and nothing for a
--     disabled, deleted or unknown client id. A client id is public in OAuth (it travels in the
--     authorize URL), so naming its app to a user about to consent reveals nothing new.
--   * developer_apps.client_id also accepts the OAuth server's client ids (UUIDs, what Supabase
--     Auth's admin API issues) so an app's row can name its OAuth client; `bkt_` ids stay valid.

create function public.mediaid_app_info(p_client_id text)
returns table (client_id text, name text, scopes text[])
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.refuse_app_token();
  if (select auth.uid()) is null then
    raise exception 'sign in to read an app''s registration' using errcode = '42501';
  end if;
  return query
    select p_client_id, r.name,
      array(select s from unnest(r.scopes) s
            where s = any (array['media:read', 'media:write', 'preferences:read', 'preferences:write',
              'events:read', 'events:write', 'analytics:read']) order by s)
    from private.app_registration(p_client_id) r
    where r.name is not null;
end
$$;
revoke all on function public.mediaid_app_info(text) from public, anon, authenticated;
grant execute on function public.mediaid_app_info(text) to authenticated, service_role;

alter table public.developer_apps drop constraint if exists developer_apps_client_id_check;
alter table public.developer_apps add constraint developer_apps_client_id_check check (
  client_id ~ '^bkt_[A-Za-z0-9_-]{16,64}$'
  or client_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$');
