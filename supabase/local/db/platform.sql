-- Supabase platform bootstrap for the embedded local backend (and the portability test).
-- Invariants: idempotent (safe to run on every boot); creates only what a hosted Supabase
-- project already provides (roles, auth/storage schemas, helper functions), with the same
-- names and semantics, so supabase/migrations apply unchanged both here and on Supabase.
-- Plain PostgreSQL 15+ SQL: nothing PGlite-specific.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

grant anon, authenticated, service_role to current_user;

create schema if not exists auth;
create schema if not exists storage;
create schema if not exists extensions;

grant usage on schema public, auth, storage, extensions to anon, authenticated, service_role;

-- ---------------------------------------------------------------- auth
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud text default 'authenticated',
  role text default 'authenticated',
  email text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  confirmation_token text,
  confirmation_sent_at timestamptz,
  recovery_token text,
  recovery_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  is_anonymous boolean not null default false,
  banned_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index if not exists users_email_key on auth.users (lower(email));
-- pending e-mail change (GoTrue's columns): the new address, when the mails went out, and how
-- many of the two confirmations (double_confirm_changes) have been clicked
alter table auth.users add column if not exists email_change text not null default '';
alter table auth.users add column if not exists email_change_sent_at timestamptz;
alter table auth.users add column if not exists email_change_confirm_status smallint not null default 0;

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- OAuth 2.1 server (GoTrue's migrations 2025073…–20251111…): registered clients, pending and
-- approved authorization requests (the code lives on the approved row until it is exchanged),
-- one consent per (user, client), and sessions that remember the client and scopes they were
-- issued for. Secrets are stored only as SHA-256 hashes.
create table if not exists auth.oauth_clients (
  id uuid primary key,
  client_secret_hash text,
  registration_type text not null check (registration_type in ('dynamic', 'manual')),
  client_type text not null default 'confidential' check (client_type in ('public', 'confidential')),
  token_endpoint_auth_method text not null
    check (token_endpoint_auth_method in ('none', 'client_secret_basic', 'client_secret_post')),
  redirect_uris text not null,
  grant_types text not null,
  client_name text check (char_length(client_name) <= 1024),
  client_uri text check (char_length(client_uri) <= 2048),
  logo_uri text check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create table if not exists auth.oauth_authorizations (
  id uuid primary key default gen_random_uuid(),
  authorization_id text not null unique,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  redirect_uri text not null check (char_length(redirect_uri) <= 2048),
  scope text not null check (char_length(scope) <= 4096),
  state text check (char_length(state) <= 4096),
  resource text check (char_length(resource) <= 2048),
  code_challenge text check (char_length(code_challenge) <= 128),
  code_challenge_method text check (code_challenge_method in ('s256', 'plain')),
  nonce text check (char_length(nonce) <= 255),
  response_type text not null default 'code' check (response_type = 'code'),
  status text not null default 'pending' check (status in ('pending', 'approved', 'denied', 'expired')),
  authorization_code text unique check (char_length(authorization_code) <= 255),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  approved_at timestamptz
);
-- local: the session a code was exchanged for, kept until the request expires, so a replayed
-- code can end it (OAuth 2.1 §4.1.3)
alter table auth.oauth_authorizations add column if not exists session_id uuid;
create table if not exists auth.oauth_consents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null check (char_length(trim(scopes)) > 0 and char_length(scopes) <= 2048),
  granted_at timestamptz not null default now(),
  revoked_at timestamptz,
  unique (user_id, client_id)
);
alter table auth.sessions add column if not exists oauth_client_id uuid references auth.oauth_clients (id) on delete cascade;
alter table auth.sessions add column if not exists scopes text check (char_length(scopes) <= 4096);
create index if not exists sessions_oauth_client_id_idx on auth.sessions (oauth_client_id);

create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null unique,
  otp_hash text,
  relates_to text not null,
  redirect_to text,
  created_at timestamptz not null default now()
);

create or replace function auth.jwt() returns jsonb
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.uid(), auth.role(), auth.jwt(), auth.email() to anon, authenticated, service_role;
-- as on Supabase, API roles may reference auth.users in foreign keys but not read it
grant references on auth.users to anon, authenticated, service_role;
grant all on auth.users to service_role;

-- ---------------------------------------------------------------- storage
create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  path_tokens text[] generated always as (string_to_array(name, '/')) stored
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1:array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable as $$
declare _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable as $$
declare _parts text[]; _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant all on storage.buckets, storage.objects to service_role;
grant select, insert, update, delete on storage.objects to anon, authenticated;
grant select on storage.buckets to anon, authenticated;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------- migration bookkeeping
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);

-- ---------------------------------------------------------------- realtime (Broadcast + Authorization)
-- As Supabase Realtime's tenant schema: realtime.messages holds Broadcast messages sent from the
-- database and is the table whose RLS policies authorize private channels (read = SELECT, write
-- = INSERT, with realtime.topic() naming the channel's topic); no policy means no access.
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated;
grant all on realtime.messages to service_role;

create or replace function realtime.topic() returns text
language sql stable as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- Sends a Broadcast message to `topic` (private channels only unless private = false); never
-- fails the caller's transaction (a refused insert becomes a warning, as on Supabase).
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $$
declare
  _id uuid := gen_random_uuid();
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (_id, case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(_id)) end,
            event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end $$;

-- A row change as a Broadcast message (for triggers), in Supabase's payload shape.
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void language plpgsql as $$
begin
  perform realtime.send(
    jsonb_build_object(
      'old_record', case when old is null then null else to_jsonb(old) end,
      'record', case when new is null then null else to_jsonb(new) end,
      'operation', operation, 'table', table_name, 'schema', table_schema),
    event_name, topic_name, true);
end $$;

-- ---------------------------------------------------------------- public defaults
-- As hosted Supabase since 30 October 2026: objects the migrating role (`postgres`) creates in
-- `public` are granted to nobody — not anon, authenticated or service_role — and new functions
-- are not executable by PUBLIC either (a global default: a per-schema default can only add to
-- PostgreSQL's built-in PUBLIC EXECUTE, never take it away). Every migration grants what its
-- objects need. Last in this file, so the platform's own functions above keep their grants.
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges revoke execute on functions from public;
