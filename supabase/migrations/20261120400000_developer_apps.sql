-- Developer applications (issue 8 item 3): OAuth clients registered in the developer portal.
-- Invariants: sync columns as in the core schema (_modified set by trigger, _deleted soft delete,
-- (_modified, id) index); only the owner reads, inserts, updates or deletes a row (RLS), and only
-- a user holding a developer MediaID can register one; the client secret never reaches the
-- server: the device stores the SHA-256 hex of it (WebCrypto) plus its last four characters —
-- pgcrypto is not loaded by the embedded backend, and hashing on the device also keeps the clear
-- secret out of the offline queue and the network; client_id and the hash never change after
-- insert; usage counters (api_calls, users, last_used) are the server's, never a client's.

-- ------------------------------------------------------------------ checks
-- Absolute http(s) URLs, as the portal form accepts them: https anywhere, plain http only for
-- a loopback host; 1..10 URIs of at most 2048 characters, no whitespace.
create function public.developer_redirect_uris_valid(p_uris text[]) returns boolean
language sql immutable as $$
  select coalesce(cardinality(p_uris), 0) between 1 and 10
    and not exists (
      select 1 from unnest(p_uris) u
      where u is null
         or char_length(u) > 2048
         or not (u ~ '^https://[^\s/?#@]+([/?#]\S*)?$'
              or u ~ '^http://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?([/?#]\S*)?$')
    )
$$;

-- Spec §9 scopes (plus campaigns:read, used by the sample apps); at least one.
create function public.developer_scopes_valid(p_scopes text[]) returns boolean
language sql immutable as $$
  select coalesce(cardinality(p_scopes), 0) >= 1
    and array_position(p_scopes, null) is null
    and p_scopes <@ array['media:read', 'media:write', 'preferences:read', 'preferences:write',
      'events:read', 'events:write', 'analytics:read', 'campaigns:read']::text[]
$$;

-- ------------------------------------------------------------------ table
create table public.developer_apps (
  id uuid primary key, -- generated on the device (offline create, idempotent push)
  owner_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 80),
  description text check (char_length(description) <= 500),
  client_id text not null unique check (client_id ~ '^bkt_[A-Za-z0-9_-]{16,64}$'),
  client_secret_hash text not null check (client_secret_hash ~ '^[0-9a-f]{64}$'),
  client_secret_last4 text check (char_length(client_secret_last4) = 4),
  redirect_uris text[] not null check (public.developer_redirect_uris_valid(redirect_uris)),
  scopes text[] not null check (public.developer_scopes_valid(scopes)),
  status text not null default 'active' check (status in ('active', 'disabled')),
  api_calls bigint not null default 0 check (api_calls >= 0),
  users integer not null default 0 check (users >= 0),
  last_used timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create index developer_apps_modified_id_idx on public.developer_apps (_modified, id);
create index developer_apps_owner_id_idx on public.developer_apps (owner_id);

create trigger set_modified before insert or update on public.developer_apps
  for each row execute function public.set_modified();

-- ------------------------------------------------------------------ rules (trigger)
-- Credentials are fixed at registration; counters belong to the server (REST and sync_push alike).
create function public.developer_apps_guard() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    if new.client_id is distinct from old.client_id
       or new.client_secret_hash is distinct from old.client_secret_hash
       or new.client_secret_last4 is distinct from old.client_secret_last4 then
      raise exception 'client credentials cannot change' using errcode = '42501';
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

create trigger developer_apps_guard before insert or update on public.developer_apps
  for each row execute function public.developer_apps_guard();

-- ------------------------------------------------------------------ RLS
alter table public.developer_apps enable row level security;

revoke all on public.developer_apps from anon;
grant select, insert, update, delete on public.developer_apps to authenticated;
grant all on public.developer_apps to service_role;

create policy developer_apps_select_own on public.developer_apps for select to authenticated
  using (owner_id = auth.uid());
create policy developer_apps_insert_developer on public.developer_apps for insert to authenticated
  with check (
    owner_id = auth.uid()
    and exists (select 1 from public.media_ids m
                where m.user_uuid = auth.uid() and m.role = 'developer' and not m._deleted)
  );
create policy developer_apps_update_own on public.developer_apps for update to authenticated
  using (owner_id = auth.uid()) with check (owner_id = auth.uid());
create policy developer_apps_delete_own on public.developer_apps for delete to authenticated
  using (owner_id = auth.uid());

insert into public.sync_tables (name) values ('developer_apps');
