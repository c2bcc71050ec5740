-- Core tables of Bucket (spec §3): profiles, media_ids, media_engagement_log, content_items.
-- Invariants: every replicated table has a text/uuid `id`, `_modified` (set only by the
-- BEFORE INSERT OR UPDATE trigger below, never by a client), `_deleted` (soft delete) and an
-- index on (_modified, id) for checkpoint pulls. MediaID ids are deterministic:
-- user_uuid || '|' || role, so the same MediaID created offline on two devices converges.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text,
  role text not null default 'fan'
    check (role in ('fan', 'artist', 'brand', 'developer', 'admin')),
  email_verified boolean not null default false,
  onboarding_completed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create table public.media_ids (
  id text primary key,
  user_uuid uuid not null references auth.users (id) on delete cascade,
  role text not null check (role in ('fan', 'artist', 'brand', 'developer', 'admin')),
  interests text[] not null default '{}' check (cardinality(interests) <= 5),
  genre_preferences text[] not null default '{}',
  location_code text not null default '',
  content_flags jsonb not null default '{}',
  privacy_settings jsonb not null default
    '{"data_sharing": true, "location_access": false, "audio_capture": false, "anonymous_logging": true, "marketing_communications": false}',
  version integer not null default 1,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint media_ids_user_uuid_role_key unique (user_uuid, role)
);

create table public.media_engagement_log (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  event_type text not null,
  is_anonymous boolean not null default false,
  metadata jsonb not null default '{}',
  created_at timestamptz default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create table public.content_items (
  id uuid primary key default gen_random_uuid(),
  artist_id uuid not null references auth.users (id) on delete cascade,
  title text not null,
  description text,
  file_path text not null,
  file_type text,
  file_size bigint,
  metadata jsonb not null default '{}',
  is_public boolean not null default false,
  subscription_tier_required text not null default 'free'
    check (subscription_tier_required in ('free', 'tier1', 'tier2', 'tier3')),
  unlock_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create index profiles_modified_id_idx on public.profiles (_modified, id);
create index media_ids_modified_id_idx on public.media_ids (_modified, id);
create index media_ids_user_uuid_idx on public.media_ids (user_uuid);
create index media_engagement_log_modified_id_idx on public.media_engagement_log (_modified, id);
create index media_engagement_log_user_id_idx on public.media_engagement_log (user_id);
create index content_items_modified_id_idx on public.content_items (_modified, id);
create index content_items_artist_id_idx on public.content_items (artist_id);
create index content_items_file_path_idx on public.content_items (file_path);

-- _modified is server-owned: whatever the client sent is overwritten.
create function public.set_modified() returns trigger
language plpgsql as $$
begin
  new._modified := clock_timestamp();
  return new;
end
$$;

create trigger set_modified before insert or update on public.profiles
  for each row execute function public.set_modified();
create trigger set_modified before insert or update on public.media_ids
  for each row execute function public.set_modified();
create trigger set_modified before insert or update on public.media_engagement_log
  for each row execute function public.set_modified();
create trigger set_modified before insert or update on public.content_items
  for each row execute function public.set_modified();

-- Deterministic MediaID id: filled when absent, and must match user_uuid|role when given.
create function public.media_ids_set_id() returns trigger
language plpgsql as $$
declare
  _expected text := new.user_uuid::text || '|' || new.role;
begin
  if new.id is null or new.id = '' then
    new.id := _expected;
  elsif new.id <> _expected then
    raise exception 'media_ids.id must be user_uuid|role (expected %)', _expected
      using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger media_ids_set_id before insert or update on public.media_ids
  for each row execute function public.media_ids_set_id();
