-- MediaID for third-party apps (issue 29, deliverables 3, 4, the data of 5 and the outbox of 6).
-- An app's OAuth access token is an ordinary Supabase JWT (role authenticated, sub = the user)
-- that also carries `client_id`. Supabase Auth's scopes do not limit data; Bucket does, here.
-- Invariants:
--   * The fence: every table in `public` (and storage.objects, storage.buckets; realtime.messages
--     has live_no_app_tokens) has RLS on and the RESTRICTIVE policy `no_app_tokens` for every
--     role and command, which refuses any request whose JWT carries `client_id`. Definer RPCs the
--     app's own devices call (ensure_fan_sample) and the sync RPCs (sync_pull, sync_push) refuse
--     such tokens first (private.refuse_app_token()). tests/integration/mediaid-api/fence.test.ts
--     enumerates the catalog, so a future table without the fence fails CI.
--   * App tokens reach data only through the api_* functions below (security definer). Each call
--     finds the caller's live grant for (sub, client_id) in ONE UPDATE that also stamps
--     last_used_at: the row lock means a revocation either committed first (no row: refused) or
--     waits until the call's transaction has ended — no call succeeds after a revoke commits.
--     Then the call's Bucket scope is checked against the grant's scopes ∩ the app's registered
--     scopes, the grant's role selects the MediaID, privacy switches are applied to the output
--     (read at call time: a switch turned off counts from the next call, no re-consent), and one
--     mediaid_access_log row is written.
--   * Scope per call: api_users_me media:read, api_get_preferences preferences:read,
--     api_put_preferences preferences:write, api_post_event events:write, api_get_analytics
--     analytics:read (media:write and events:read name no call yet).
--   * Errors (SQLSTATE 42501 → HTTP 403 for a signed-in role; PostgREST's custom-status form
--     `raise sqlstate 'PGRST'` is not implemented by the local backend, so standard codes):
--     message 'invalid_token' (no app token, no live grant, app disabled, MediaID gone) or
--     'insufficient_scope' (detail names the missing scope, hint the scope itself); bad input is
--     22023 → 400 with message 'invalid_request' and the reason in detail.
--   * Grants: one row per (user, app), id = user_id|client_id. Only the user writes it (RLS),
--     never an app token (fence); live grants name only scopes the app registered and a role the
--     user holds a MediaID for; granted_at, last_used_at, revoked_at (now() when the user
--     revokes), app_name are the server's. Revocation always succeeds and is final until the
--     user grants again (revoked_at back to null → a fresh granted_at).
--   * Webhook outbox rows are written by triggers in the transaction of the change: one
--     `preference.updated` per subscribed endpoint of each app with a live preferences:read grant
--     for that MediaID, listing only changed field NAMES the app may read under the new privacy
--     switches (nothing when none); one `permission.revoked` per subscribed endpoint when a live
--     grant is revoked (a second revoke changes nothing, so sends nothing).

-- ------------------------------------------------------------------ the fence
create schema if not exists private;

-- Raises for a third-party app's token; called first by RPCs that app tokens must never use.
create function private.refuse_app_token() returns void
language plpgsql stable set search_path = '' as $$
begin
  if (select auth.jwt() ->> 'client_id') is not null then
    raise exception 'invalid_token' using errcode = '42501',
      detail = 'A third-party app token (client_id claim) cannot use this function.',
      hint = 'Apps reach MediaID data only through the MediaID API (rpc/api_*).';
  end if;
end
$$;
revoke all on function private.refuse_app_token() from public, anon, authenticated;
grant execute on function private.refuse_app_token() to authenticated, service_role;

-- Applied to every table of `public` at the end of this migration (after the new tables exist).
create function private.fence_table(p_table regclass) returns void
language plpgsql set search_path = '' as $$
begin
  -- only when off: on hosted, platform tables (storage) are not the migrating role's to alter
  if not (select c.relrowsecurity from pg_class c where c.oid = p_table) then
    execute format('alter table %s enable row level security', p_table);
  end if;
  if not exists (select 1 from pg_policy p where p.polrelid = p_table and p.polname = 'no_app_tokens') then
    execute format('create policy no_app_tokens on %s as restrictive for all to public '
      'using ((select auth.jwt() ->> ''client_id'') is null) '
      'with check ((select auth.jwt() ->> ''client_id'') is null)', p_table);
  end if;
end
$$;
revoke all on function private.fence_table(regclass) from public, anon, authenticated;

-- ------------------------------------------------------------------ grants
create table public.mediaid_grants (
  id text primary key, -- user_id|client_id (set by the guard): one grant per user and app
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  client_id text not null check (char_length(client_id) between 1 and 255),
  app_name text not null default '',
  role text not null check (role in ('fan', 'artist', 'brand', 'developer', 'admin')),
  scopes text[] not null check (
    cardinality(scopes) >= 1 and array_position(scopes, null) is null
    and scopes <@ array['media:read', 'media:write', 'preferences:read', 'preferences:write',
      'events:read', 'events:write', 'analytics:read']::text[]),
  granted_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  _txid bigint not null default pg_current_xact_id()::text::bigint,
  constraint mediaid_grants_user_client_key unique (user_id, client_id)
);
create index mediaid_grants_modified_id_idx on public.mediaid_grants (_modified, id);
create index mediaid_grants_txid_id_idx on public.mediaid_grants (_txid, id);
create index mediaid_grants_owner_txid_idx on public.mediaid_grants (user_id, _txid, id);
create index mediaid_grants_client_idx on public.mediaid_grants (client_id) where revoked_at is null;

create trigger set_modified before insert or update on public.mediaid_grants
  for each row execute function public.set_modified();
create trigger set_txid before insert or update on public.mediaid_grants
  for each row execute function public.set_txid();

-- The app as registered (active, not deleted): its name and Bucket scopes. Definer: a fan cannot
-- read the developer's row. Registration must write developer_apps.client_id = the OAuth client id.
create function private.app_registration(p_client_id text, out name text, out scopes text[])
language sql stable security definer set search_path = '' as $$
  select a.name, a.scopes from public.developer_apps a
  where a.client_id = p_client_id and a.status = 'active' and not a._deleted
$$;
revoke all on function private.app_registration(text) from public, anon, authenticated;
grant execute on function private.app_registration(text) to authenticated, service_role;

create function public.mediaid_grants_guard() returns trigger
language plpgsql set search_path = '' as $$
declare
  _app record;
  _live boolean;
begin
  if tg_op = 'UPDATE' and (new.user_id is distinct from old.user_id or new.client_id is distinct from old.client_id) then
    raise exception 'a grant cannot move to another user or app' using errcode = '42501';
  end if;
  new.id := new.user_id::text || '|' || new.client_id;
  new.scopes := array(select distinct s from unnest(new.scopes) s order by s);
  if new._deleted and new.revoked_at is null then
    new.revoked_at := now(); -- deleting a grant revokes it
  end if;
  if public.is_api_caller() then
    new.updated_at := now();
    if tg_op = 'INSERT' then
      new.created_at := now();
      new.granted_at := now();
      new.last_used_at := null;
      new.revoked_at := case when new.revoked_at is not null then now() end;
    else
      new.created_at := old.created_at;
      new.last_used_at := old.last_used_at;
      if old.revoked_at is null and new.revoked_at is not null then
        new.revoked_at := now(); -- the server's clock decides when access ended
        new.granted_at := old.granted_at;
      elsif old.revoked_at is not null and new.revoked_at is not null then
        new.revoked_at := old.revoked_at;
        new.granted_at := old.granted_at;
      elsif old.revoked_at is not null then
        new.granted_at := now(); -- granted again
      else
        new.granted_at := old.granted_at;
      end if;
    end if;
  end if;
  _live := new.revoked_at is null and not new._deleted;
  select r.name, r.scopes into _app from private.app_registration(new.client_id) r;
  new.app_name := coalesce(_app.name, case when tg_op = 'UPDATE' then old.app_name end, '');
  -- Checked when a grant becomes live or widens; a revocation always goes through.
  if _live and (tg_op = 'INSERT' or old.revoked_at is not null or old._deleted
                or new.scopes is distinct from old.scopes or new.role is distinct from old.role) then
    if _app.scopes is null then
      raise exception 'no active Bucket app has client_id %', new.client_id using errcode = '42501';
    end if;
    if not new.scopes <@ _app.scopes then
      raise exception 'scope % is not registered by this app',
        (select string_agg(s, ', ') from unnest(new.scopes) s where s <> all (_app.scopes))
        using errcode = '42501';
    end if;
    if not public.holds_role(new.user_id, new.role) then
      raise exception 'you hold no % MediaID to grant', new.role using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;
revoke all on function public.mediaid_grants_guard() from public, anon, authenticated;
create trigger mediaid_grants_guard before insert or update on public.mediaid_grants
  for each row execute function public.mediaid_grants_guard();

alter table public.mediaid_grants enable row level security;
revoke all on public.mediaid_grants from public, anon, authenticated;
grant select, insert, update on public.mediaid_grants to authenticated;
grant all on public.mediaid_grants to service_role;
create policy mediaid_grants_select_own on public.mediaid_grants for select to authenticated
  using (user_id = (select auth.uid()));
create policy mediaid_grants_insert_own on public.mediaid_grants for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy mediaid_grants_update_own on public.mediaid_grants for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

insert into public.sync_tables (name) values ('mediaid_grants');

-- Pulled through sync_pull ('mediaid_grants'). No live_changed triggers yet: live-topics.test.ts
-- ties them to the device's collections, and the device collection comes with 'Connected apps'.

-- ------------------------------------------------------------------ access log
create table public.mediaid_access_log (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id text not null,
  app_name text not null,
  call text not null,   -- e.g. 'GET /api/v1/preferences'
  action text not null, -- e.g. 'read your genre preferences and interests'
  at timestamptz not null default now()
);
create index mediaid_access_log_user_at_idx on public.mediaid_access_log (user_id, at desc);
create index mediaid_access_log_client_at_idx on public.mediaid_access_log (client_id, at);
alter table public.mediaid_access_log enable row level security;
revoke all on public.mediaid_access_log from public, anon, authenticated;
grant select on public.mediaid_access_log to authenticated;
grant all on public.mediaid_access_log to service_role;
create policy mediaid_access_log_select_own on public.mediaid_access_log for select to authenticated
  using (user_id = (select auth.uid()));

-- ------------------------------------------------------------------ events posted by apps
-- Anonymous (the user's anonymous_logging switch on, as the app's own log reads it): no user_id,
-- no role, times cut to the hour, so nothing stored links the event back to the user.
create table public.mediaid_events (
  id uuid primary key default gen_random_uuid(),
  client_id text not null,
  user_id uuid references auth.users (id) on delete cascade,
  role text,
  is_anonymous boolean not null,
  event_type text not null,
  metadata jsonb not null default '{}',
  occurred_at timestamptz not null,
  created_at timestamptz not null default now(),
  constraint mediaid_events_anonymous_unlinked check (is_anonymous = (user_id is null))
);
create index mediaid_events_client_idx on public.mediaid_events (client_id, created_at);
alter table public.mediaid_events enable row level security;
revoke all on public.mediaid_events from public, anon, authenticated;
grant all on public.mediaid_events to service_role;

-- ------------------------------------------------------------------ webhooks
create table public.developer_webhooks (
  id uuid primary key default gen_random_uuid(),
  client_id text not null references public.developer_apps (client_id) on delete cascade,
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  url text not null check (public.developer_redirect_uris_valid(array[url])),
  secret text not null check (secret ~ '^whsec_[A-Za-z0-9+/]{43}=$'),
  events text[] not null default array['preference.updated', 'permission.revoked']
    check (cardinality(events) >= 1 and events <@ array['preference.updated', 'permission.revoked']::text[]),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _deleted boolean not null default false
);
create unique index developer_webhooks_client_url_key on public.developer_webhooks (client_id, url) where not _deleted;
create index developer_webhooks_owner_idx on public.developer_webhooks (owner_id);

-- A Standard Webhooks secret: 32 bytes from two v4 UUIDs (gen_random_uuid is the strong random
-- source every target has; pgcrypto is not loaded by the embedded backend), base64.
create function private.new_webhook_secret() returns text
language sql volatile set search_path = '' as $$
  select 'whsec_' || encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64')
$$;
revoke all on function private.new_webhook_secret() from public, anon, authenticated;
grant execute on function private.new_webhook_secret() to authenticated, service_role;

-- The secret is the server's: generated on insert, never chosen or changed by an API caller.
create function public.developer_webhooks_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if public.is_api_caller() or new.secret is null then
      new.secret := private.new_webhook_secret();
    end if;
    if public.is_api_caller() then
      new.created_at := now();
    end if;
  else
    if new.client_id is distinct from old.client_id or new.owner_id is distinct from old.owner_id then
      raise exception 'a webhook cannot move to another app or owner' using errcode = '42501';
    end if;
    if public.is_api_caller() then
      new.secret := old.secret;
      new.created_at := old.created_at;
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;
revoke all on function public.developer_webhooks_guard() from public, anon, authenticated;
create trigger developer_webhooks_guard before insert or update on public.developer_webhooks
  for each row execute function public.developer_webhooks_guard();

alter table public.developer_webhooks enable row level security;
revoke all on public.developer_webhooks from public, anon, authenticated;
grant select, insert, update on public.developer_webhooks to authenticated;
grant all on public.developer_webhooks to service_role;
create policy developer_webhooks_select_own on public.developer_webhooks for select to authenticated
  using (owner_id = (select auth.uid()));
-- Only for an app the caller owns (developer_apps' RLS shows only their own rows).
create policy developer_webhooks_insert_own_app on public.developer_webhooks for insert to authenticated
  with check (owner_id = (select auth.uid())
    and exists (select 1 from public.developer_apps a
                where a.client_id = developer_webhooks.client_id and a.owner_id = (select auth.uid())));
create policy developer_webhooks_update_own on public.developer_webhooks for update to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));

create table public.webhook_outbox (
  id uuid primary key default gen_random_uuid(), -- the webhook-id header is 'msg_' || id
  webhook_id uuid not null references public.developer_webhooks (id) on delete cascade,
  client_id text not null,
  event_type text not null check (event_type in ('preference.updated', 'permission.revoked')),
  payload jsonb not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  delivered_at timestamptz,
  gave_up_at timestamptz,
  last_status integer,
  last_error text
);
create index webhook_outbox_due_idx on public.webhook_outbox (next_attempt_at)
  where delivered_at is null and gave_up_at is null;
create index webhook_outbox_webhook_idx on public.webhook_outbox (webhook_id, created_at);
alter table public.webhook_outbox enable row level security;
revoke all on public.webhook_outbox from public, anon, authenticated;
grant select on public.webhook_outbox to authenticated;
grant all on public.webhook_outbox to service_role;
-- The developer sees their endpoints' deliveries (thin payloads: field names, never values).
create policy webhook_outbox_select_owner on public.webhook_outbox for select to authenticated
  using (exists (select 1 from public.developer_webhooks w
                 where w.id = webhook_outbox.webhook_id and w.owner_id = (select auth.uid())));

-- Claims up to p_limit due messages for a delivery worker (service_role): each claimed row's
-- next attempt moves p_lease_seconds ahead, so a worker that dies leaves it to be retried;
-- skip locked lets several workers claim side by side without waiting or double sending.
create function public.webhook_outbox_claim(p_limit integer default 10, p_lease_seconds integer default 60)
returns table (id uuid, webhook_id uuid, url text, secret text, event_type text, payload jsonb,
               attempts integer, created_at timestamptz)
language sql volatile set search_path = '' as $$
  with due as (
    select o.id from public.webhook_outbox o
    where o.delivered_at is null and o.gave_up_at is null and o.next_attempt_at <= now()
    order by o.next_attempt_at
    limit least(greatest(coalesce(p_limit, 10), 1), 100)
    for update skip locked
  ), claimed as (
    update public.webhook_outbox o
    set attempts = o.attempts + 1,
        next_attempt_at = now() + make_interval(secs => greatest(coalesce(p_lease_seconds, 60), 5))
    from due where o.id = due.id
    returning o.*
  )
  select c.id, c.webhook_id, w.url, w.secret, c.event_type, c.payload, c.attempts, c.created_at
  from claimed c join public.developer_webhooks w on w.id = c.webhook_id
$$;

-- Records one attempt: 2xx delivered; 410 Gone ends retries for the message (Standard Webhooks);
-- otherwise the next attempt backs off (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then gives up.
create function public.webhook_outbox_record(p_id uuid, p_status integer, p_error text default null)
returns void
language sql volatile set search_path = '' as $$
  update public.webhook_outbox o set
    last_status = p_status,
    last_error = left(p_error, 500),
    delivered_at = case when p_status between 200 and 299 then now() end,
    gave_up_at = case when p_status between 200 and 299 then null
                      when p_status = 410 or o.attempts >= 8 then now() end,
    next_attempt_at = now() + (array['5 seconds', '5 minutes', '30 minutes', '2 hours', '5 hours',
      '10 hours', '10 hours', '10 hours']::interval[])[least(greatest(o.attempts, 1), 8)]
  where o.id = p_id and o.delivered_at is null
$$;
revoke all on function public.webhook_outbox_claim(integer, integer), public.webhook_outbox_record(uuid, integer, text)
  from public, anon, authenticated;
grant execute on function public.webhook_outbox_claim(integer, integer), public.webhook_outbox_record(uuid, integer, text)
  to service_role;

-- ------------------------------------------------------------------ outbox triggers
-- Field names a grant's app may read from this MediaID under its current privacy switches.
create function private.mediaid_readable_fields(p_m public.media_ids) returns text[]
language sql immutable set search_path = '' as $$
  select case when coalesce((p_m.privacy_settings ->> 'data_sharing')::boolean, false)
    then array['interests', 'genre_preferences', 'content_flags']
         || case when coalesce((p_m.privacy_settings ->> 'location_access')::boolean, false)
                 then array['location_code'] else '{}'::text[] end
    else '{}'::text[] end
$$;
revoke all on function private.mediaid_readable_fields(public.media_ids) from public, anon, authenticated;

create function private.mediaid_preference_outbox() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _readable text[] := private.mediaid_readable_fields(new);
  _changed text[];
begin
  -- The switches themselves are always named (the app learns what it may no longer read).
  _changed := array(
    select f from unnest(array['interests', 'genre_preferences', 'content_flags', 'location_code']) f
    where f = any (_readable)
      and (to_jsonb(new) -> f) is distinct from (to_jsonb(old) -> f)
    union all
    select 'privacy_settings.' || k from (
      select jsonb_object_keys(coalesce(new.privacy_settings, '{}')) k
      union select jsonb_object_keys(coalesce(old.privacy_settings, '{}'))) keys
    where (new.privacy_settings -> k) is distinct from (old.privacy_settings -> k)
    order by 1);
  if cardinality(_changed) = 0 or new._deleted then
    return null;
  end if;
  insert into public.webhook_outbox (webhook_id, client_id, event_type, payload)
  select w.id, g.client_id, 'preference.updated', jsonb_build_object(
    'type', 'preference.updated', 'timestamp', now(),
    'data', jsonb_build_object('user_id', new.user_uuid, 'role', new.role, 'changed', to_jsonb(_changed)))
  from public.mediaid_grants g
  join public.developer_webhooks w on w.client_id = g.client_id and w.enabled and not w._deleted
    and 'preference.updated' = any (w.events)
  where g.user_id = new.user_uuid and g.role = new.role and g.revoked_at is null and not g._deleted
    and 'preferences:read' = any (g.scopes)
    and exists (select 1 from private.app_registration(g.client_id) r where 'preferences:read' = any (r.scopes));
  return null;
end
$$;
revoke all on function private.mediaid_preference_outbox() from public, anon, authenticated;
create trigger mediaid_preference_outbox after update on public.media_ids
  for each row execute function private.mediaid_preference_outbox();

create function private.mediaid_revoked_outbox() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.webhook_outbox (webhook_id, client_id, event_type, payload)
  select w.id, new.client_id, 'permission.revoked', jsonb_build_object(
    'type', 'permission.revoked', 'timestamp', now(),
    'data', jsonb_build_object('user_id', new.user_id, 'role', new.role, 'revoked_at', new.revoked_at))
  from public.developer_webhooks w
  where w.client_id = new.client_id and w.enabled and not w._deleted and 'permission.revoked' = any (w.events);
  return null;
end
$$;
revoke all on function private.mediaid_revoked_outbox() from public, anon, authenticated;
create trigger mediaid_revoked_outbox after update on public.mediaid_grants
  for each row when (old.revoked_at is null and new.revoked_at is not null)
  execute function private.mediaid_revoked_outbox();

-- ------------------------------------------------------------------ the API
-- The caller's live grant, stamped as used; refuses with invalid_token / insufficient_scope.
create function private.api_grant(p_scope text, out grant_row public.mediaid_grants, out scopes text[])
language plpgsql security definer set search_path = '' as $$
declare
  _client text := (select auth.jwt() ->> 'client_id');
  _uid uuid := (select auth.uid());
  _app_scopes text[];
begin
  if _client is null or _uid is null then
    raise exception 'invalid_token' using errcode = '42501',
      detail = 'This call needs an access token issued to a MediaID app through OAuth (a JWT with a client_id claim).',
      hint = 'Sign the user in with MediaID (OAuth 2.1 with PKCE) and send its access token as the Bearer token.';
  end if;
  -- One statement checks and locks: see the header (revocation race).
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
revoke all on function private.api_grant(text) from public, anon, authenticated;

-- The MediaID the grant is for (its role), or invalid_token when it is gone.
create function private.api_media_id(p_grant public.mediaid_grants) returns public.media_ids
language plpgsql stable security definer set search_path = '' as $$
declare
  _m public.media_ids;
begin
  select m.* into _m from public.media_ids m
  where m.user_uuid = p_grant.user_id and m.role = p_grant.role and not m._deleted and m.is_active;
  if _m.id is null then
    raise exception 'invalid_token' using errcode = '42501',
      detail = format('The %s MediaID this grant is for no longer exists.', p_grant.role),
      hint = 'Send the user through MediaID sign-in again.';
  end if;
  return _m;
end
$$;
revoke all on function private.api_media_id(public.mediaid_grants) from public, anon, authenticated;

create function private.api_log(p_grant public.mediaid_grants, p_call text, p_action text) returns void
language sql volatile security definer set search_path = '' as $$
  insert into public.mediaid_access_log (user_id, client_id, app_name, call, action)
  values (p_grant.user_id, p_grant.client_id, p_grant.app_name, p_call, p_action)
$$;
revoke all on function private.api_log(public.mediaid_grants, text, text) from public, anon, authenticated;

-- Preferences as the app may see them: fields withheld by a switch are absent and named.
create function private.api_preferences_json(p_m public.media_ids) returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'role', p_m.role,
    'interests', case when 'interests' = any (r.f) then to_jsonb(p_m.interests) end,
    'genre_preferences', case when 'genre_preferences' = any (r.f) then to_jsonb(p_m.genre_preferences) end,
    'content_flags', case when 'content_flags' = any (r.f) then p_m.content_flags end,
    'location_code', case when 'location_code' = any (r.f) then to_jsonb(nullif(p_m.location_code, '')) end,
    'updated_at', p_m.updated_at))
    || jsonb_build_object('withheld', to_jsonb(array(
         select f from unnest(array['interests', 'genre_preferences', 'content_flags', 'location_code']) f
         where f <> all (r.f))))
  from (select private.mediaid_readable_fields(p_m) as f) r
$$;
revoke all on function private.api_preferences_json(public.media_ids) from public, anon, authenticated;

-- GET /api/v1/users/me (media:read): who the user is for this app. With data_sharing off only the
-- id (the token's sub) and the granted role; location only with location_access.
create function public.api_users_me() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  _r record;
  _g public.mediaid_grants;
  _scopes text[];
  _m public.media_ids;
  _f text[];
  _name text;
begin
  select * into _r from private.api_grant('media:read');
  _g := _r.grant_row;
  _scopes := _r.scopes;
  _m := private.api_media_id(_g);
  _f := private.mediaid_readable_fields(_m);
  if 'interests' = any (_f) then
    select p.display_name into _name from public.profiles p where p.id = _m.user_uuid;
  end if;
  perform private.api_log(_g, 'GET /api/v1/users/me', 'read your MediaID summary');
  return jsonb_strip_nulls(jsonb_build_object(
      'id', _m.user_uuid,
      'role', _m.role,
      'display_name', nullif(_name, ''),
      'location_code', case when 'location_code' = any (_f) then nullif(_m.location_code, '') end,
      'member_since', case when 'interests' = any (_f) then _m.created_at end))
    || jsonb_build_object('scopes', to_jsonb(_scopes),
      'withheld', to_jsonb(array(select x from unnest(array['display_name', 'location_code', 'member_since']) x
        where not (case x when 'location_code' then 'location_code' = any (_f) else 'interests' = any (_f) end))));
end
$$;

-- GET /api/v1/preferences (preferences:read).
create function public.api_get_preferences() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  _r record;
  _g public.mediaid_grants;
  _scopes text[];
  _m public.media_ids;
begin
  select * into _r from private.api_grant('preferences:read');
  _g := _r.grant_row;
  _scopes := _r.scopes;
  _m := private.api_media_id(_g);
  perform private.api_log(_g, 'GET /api/v1/preferences',
    case when cardinality(private.mediaid_readable_fields(_m)) > 0
      then 'read your genre preferences and interests'
      else 'asked for your preferences (Data Sharing is off: nothing was shared)' end);
  return private.api_preferences_json(_m);
end
$$;

-- PUT /api/v1/preferences (preferences:write): {interests?: text[] (≤ 5), genre_preferences?: text[] (≤ 20)}.
create function public.api_put_preferences(p jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  _r record;
  _g public.mediaid_grants;
  _scopes text[];
  _m public.media_ids;
  _k text;
  _interests text[];
  _genres text[];
begin
  select * into _r from private.api_grant('preferences:write');
  _g := _r.grant_row;
  _scopes := _r.scopes;
  _m := private.api_media_id(_g);
  if p is null or jsonb_typeof(p) <> 'object' or p = '{}'::jsonb then
    raise exception 'invalid_request' using errcode = '22023',
      detail = 'The body must be an object with interests and/or genre_preferences.';
  end if;
  for _k in select jsonb_object_keys(p) loop
    if _k not in ('interests', 'genre_preferences') then
      raise exception 'invalid_request' using errcode = '22023',
        detail = format('"%s" cannot be written: only interests and genre_preferences can.', _k);
    end if;
    if jsonb_typeof(p -> _k) <> 'array'
       or exists (select 1 from jsonb_array_elements(p -> _k) e
                  where jsonb_typeof(e) <> 'string' or char_length(btrim(e #>> '{}')) not between 1 and 50) then
      raise exception 'invalid_request' using errcode = '22023',
        detail = format('%s must be an array of texts of 1 to 50 characters.', _k);
    end if;
  end loop;
  if p ? 'interests' then
    _interests := array(select x.v from (select btrim(e) as v, min(i) as i from jsonb_array_elements_text(p -> 'interests') with ordinality t(e, i) group by 1) x order by x.i);
    if cardinality(_interests) > 5 then
      raise exception 'invalid_request' using errcode = '22023', detail = 'interests holds at most 5 entries.';
    end if;
  end if;
  if p ? 'genre_preferences' then
    _genres := array(select x.v from (select btrim(e) as v, min(i) as i from jsonb_array_elements_text(p -> 'genre_preferences') with ordinality t(e, i) group by 1) x order by x.i);
    if cardinality(_genres) > 20 then
      raise exception 'invalid_request' using errcode = '22023', detail = 'genre_preferences holds at most 20 entries.';
    end if;
  end if;
  update public.media_ids m set
    interests = coalesce(_interests, m.interests),
    genre_preferences = coalesce(_genres, m.genre_preferences),
    updated_at = now()
  where m.id = _m.id
  returning m.* into _m;
  perform private.api_log(_g, 'PUT /api/v1/preferences', 'updated your ' ||
    array_to_string(array_remove(array[case when _interests is not null then 'interests' end,
                                       case when _genres is not null then 'genre preferences' end], null), ' and '));
  return private.api_preferences_json(_m);
end
$$;

-- POST /api/v1/events (events:write): {event_type, metadata?: object (≤ 2 KB), occurred_at?}.
-- Stored unlinked (is_anonymous, no user or role, hour precision) while anonymous_logging is on.
create function public.api_post_event(p jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  _r record;
  _g public.mediaid_grants;
  _scopes text[];
  _m public.media_ids;
  _type text := p ->> 'event_type';
  _meta jsonb := coalesce(p -> 'metadata', '{}'::jsonb);
  _at timestamptz;
  _anon boolean;
  _id uuid;
begin
  select * into _r from private.api_grant('events:write');
  _g := _r.grant_row;
  _scopes := _r.scopes;
  _m := private.api_media_id(_g);
  if p is null or jsonb_typeof(p) <> 'object' or _type is null or _type !~ '^[a-z][a-z0-9_.:-]{0,63}$' then
    raise exception 'invalid_request' using errcode = '22023',
      detail = 'event_type must be 1 to 64 characters: lower-case letters, digits, _ . : -, starting with a letter.';
  end if;
  if jsonb_typeof(_meta) <> 'object' or octet_length(_meta::text) > 2048 then
    raise exception 'invalid_request' using errcode = '22023', detail = 'metadata must be an object of at most 2 KB.';
  end if;
  begin
    _at := coalesce((p ->> 'occurred_at')::timestamptz, now());
  exception when others then
    raise exception 'invalid_request' using errcode = '22023', detail = 'occurred_at must be an ISO 8601 timestamp.';
  end;
  if _at > now() + interval '5 minutes' or _at < now() - interval '30 days' then
    raise exception 'invalid_request' using errcode = '22023', detail = 'occurred_at must lie within the last 30 days.';
  end if;
  _anon := coalesce((_m.privacy_settings ->> 'anonymous_logging')::boolean, true);
  insert into public.mediaid_events (client_id, user_id, role, is_anonymous, event_type, metadata, occurred_at, created_at)
  values (_g.client_id,
          case when not _anon then _m.user_uuid end,
          case when not _anon then _m.role end,
          _anon, _type, _meta,
          case when _anon then date_trunc('hour', _at) else _at end,
          case when _anon then date_trunc('hour', now()) else now() end)
  returning id into _id;
  perform private.api_log(_g, 'POST /api/v1/events',
    format('recorded a "%s" event%s', _type, case when _anon then ' (stored anonymously)' else ' linked to you' end));
  return jsonb_strip_nulls(jsonb_build_object('recorded', true, 'event_type', _type, 'anonymous', _anon,
    'id', case when not _anon then _id end));
end
$$;

-- GET /api/v1/analytics (analytics:read): the app's own figures, counts only, never a fan.
create function public.api_get_analytics() returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  _r record;
  _g public.mediaid_grants;
  _scopes text[];
  _client text;
  _out jsonb;
begin
  select * into _r from private.api_grant('analytics:read');
  _g := _r.grant_row;
  _scopes := _r.scopes;
  _client := _g.client_id;
  select jsonb_build_object(
    'client_id', _client,
    'connected_users', (select count(*) from public.mediaid_grants g where g.client_id = _client and g.revoked_at is null and not g._deleted),
    'api_calls_30d', (select count(*) from public.mediaid_access_log l where l.client_id = _client and l.at > now() - interval '30 days'),
    'events', jsonb_build_object(
      'total', (select count(*) from public.mediaid_events e where e.client_id = _client),
      'last_30_days', (select count(*) from public.mediaid_events e where e.client_id = _client and e.created_at > now() - interval '30 days'),
      'anonymous', (select count(*) from public.mediaid_events e where e.client_id = _client and e.is_anonymous),
      'by_type', coalesce((select jsonb_agg(jsonb_build_object('event_type', t.event_type, 'count', t.n) order by t.n desc, t.event_type)
                          from (select e.event_type, count(*) as n from public.mediaid_events e
                                where e.client_id = _client group by e.event_type) t), '[]'::jsonb)),
    'generated_at', now()) into _out;
  perform private.api_log(_g, 'GET /api/v1/analytics', 'read the app''s aggregate analytics (nothing about you)');
  return _out;
end
$$;

revoke all on function public.api_users_me(), public.api_get_preferences(), public.api_put_preferences(jsonb),
  public.api_post_event(jsonb), public.api_get_analytics() from public, anon, authenticated;
grant execute on function public.api_users_me(), public.api_get_preferences(), public.api_put_preferences(jsonb),
  public.api_post_event(jsonb), public.api_get_analytics() to authenticated;

-- ------------------------------------------------------------------ RPCs refuse app tokens
create or replace function public.ensure_fan_sample() returns void
language plpgsql security definer set search_path = '' as $$
declare
  _created timestamptz;
begin
  perform private.refuse_app_token();
  select u.created_at into _created from auth.users u where u.id = (select auth.uid());
  if _created is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  if exists (select 1 from public.daily_rewards r where r.fan_id = (select auth.uid())) then
    return; -- already given: never regenerate what the fan has since changed or cancelled
  end if;
  perform public.generate_fan_sample((select auth.uid()), _created);
end
$$;

-- sync_push and sync_pull: as in 20261122200000 and 20261126200000, plus the app-token refusal
-- and (sync_pull) the mediaid_grants collection. `create or replace` keeps their grants.
create or replace function public.sync_push(p_table text, p_rows jsonb) returns jsonb
language plpgsql security invoker set search_path = public as $$
declare
  _rel regclass;
  _pk_type text;
  _columns text[];
  _item jsonb;
  _new jsonb;
  _assumed jsonb;
  _id text;
  _current jsonb;
  _cols text[];
  _col_list text;
  _count integer;
  -- a jsonb[] grows in place (expanded array); `jsonb || jsonb` copied the whole result per row
  _result jsonb[] := '{}';
begin
  perform private.refuse_app_token();
  if not exists (select 1 from public.sync_tables s where s.name = p_table) then
    raise exception 'table "%" is not replicated', p_table using errcode = '22023';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' then
    raise exception 'p_rows must be a JSON array' using errcode = '22023';
  end if;

  _rel := format('public.%I', p_table)::regclass;
  select format_type(a.atttypid, a.atttypmod) into _pk_type
    from pg_attribute a where a.attrelid = _rel and a.attname = 'id' and not a.attisdropped;
  select array_agg(a.attname::text order by a.attnum) into _columns
    from pg_attribute a
    where a.attrelid = _rel and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = '' and a.attname <> '_modified';

  for _item in select value from jsonb_array_elements(p_rows) loop
    _new := _item -> 'new';
    _assumed := nullif(_item -> 'assumed', 'null'::jsonb);
    _id := _new ->> 'id';
    begin
      if _new is null or jsonb_typeof(_new) <> 'object' then
        raise exception 'each row needs a "new" object' using errcode = '22023';
      end if;
      _cols := array(select k from jsonb_object_keys(_new) k where k = any (_columns));
      if cardinality(_cols) = 0 then
        raise exception 'row has no known columns' using errcode = '22023';
      end if;
      select string_agg(quote_ident(c), ', ') into _col_list from unnest(_cols) c;

      _current := null;
      if _id is not null then
        execute format('select to_jsonb(t) from %s t where t.id = $1::%s for update', _rel, _pk_type)
          into _current using _id;
      end if;

      if _current is null and _assumed is null then
        execute format('insert into %1$s (%2$s) select %2$s from jsonb_populate_record(null::%1$s, $1)',
                       _rel, _col_list)
          using _new;
      elsif _current is null then
        -- the client believes the row exists but it is not visible (or gone): report it
        raise exception 'row % not found or not visible', _id using errcode = 'P0002';
      elsif _assumed is null
         or (_assumed ->> '_modified')::timestamptz is distinct from (_current ->> '_modified')::timestamptz then
        _result := array_append(_result, jsonb_build_object('id', _id, 'conflict', _current));
      else
        execute format('update %1$s t set (%2$s) = (select %2$s from jsonb_populate_record(null::%1$s, $1)) where t.id = $2::%3$s',
                       _rel, _col_list, _pk_type)
          using _new, _id;
        get diagnostics _count = row_count;
        if _count = 0 then
          raise exception 'update of row % was refused by row-level security', _id using errcode = '42501';
        end if;
      end if;
    exception when others then
      _result := array_append(_result, jsonb_build_object(
        'id', _id, 'error', jsonb_build_object('code', sqlstate, 'message', sqlerrm)));
    end;
  end loop;
  return to_jsonb(_result);
end
$$;

create or replace function public.sync_pull(p_collection text, p_after_txid text default '0', p_after_id text default '', p_limit integer default 100)
returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  _after bigint;
  _horizon bigint;
  _result jsonb;
  -- A device keeps only its own content items (fans get others' through followed_content): a
  -- row of another artist that stopped being readable could never be taken back from it.
  _scope text := case p_collection when 'content_items' then 'and t.artist_id = (select auth.uid())' else '' end;
begin
  perform private.refuse_app_token();
  if p_collection is null or p_collection not in ('profiles', 'media_ids', 'content_items', 'locker_items', 'locker_interactions',
      'locker_comments', 'subscriptions', 'daily_rewards', 'reward_claims', 'developer_apps', 'mediaid_grants', 'followed_content') then
    raise exception 'sync_pull: unknown collection %', p_collection using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'sync_pull: p_limit must be between 1 and 1000' using errcode = '22023';
  end if;
  if coalesce(p_after_txid, '') !~ '^[0-9]{1,19}$' then
    raise exception 'sync_pull: p_after_txid must be a transaction id' using errcode = '22023';
  end if;
  _after := p_after_txid::bigint;
  if p_collection in ('followed_content', 'content_items') and (select auth.uid()) is not null then
    perform private.sync_release_due();
  end if;
  -- The horizon is taken before the rows are read: every transaction below it had ended by
  -- then, so any later snapshot sees exactly the same committed rows below it.
  _horizon := pg_snapshot_xmin(pg_current_snapshot())::text::bigint;
  execute format($q$
    with page as (
      select to_jsonb(t) || jsonb_build_object('_txid', t._txid::text) as row, t._txid as txid, t.id::text as id
      from public.%1$I t
      where t._txid < $4 and (t._txid > $1 or (t._txid = $1 and t.id::text > $2)) %2$s
      order by t._txid, t.id::text
      limit $3)
    select jsonb_build_object(
      'rows', coalesce((select jsonb_agg(page.row order by page.txid, page.id) from page), '[]'::jsonb),
      'held', exists (select 1 from public.%1$I t where t._txid >= $4 and t._txid > $1 %2$s))
  $q$, p_collection, _scope) into _result using _after, coalesce(p_after_id, ''), p_limit, _horizon;
  return _result;
end
$$;

-- ------------------------------------------------------------------ fence every table
do $$
declare
  _t regclass;
begin
  for _t in
    select c.oid::regclass from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
  loop
    perform private.fence_table(_t);
  end loop;
  perform private.fence_table('storage.objects'::regclass);
  perform private.fence_table('storage.buckets'::regclass);
end $$;
