-- Who may see what of an artist's content (issue 13 item 4, issue 16 tier gating and object
-- ownership). Enforced here, in the row policy and the storage.objects policy, never by the UI.
--
-- THE RULE (one function, public.can_read_content, used by both policies):
--   the artist always reads their own rows and objects; any other signed-in user reads a content
--   row — and, while the row is live (not _deleted), the object it names — when it is
--     RELEASED:  is_public, or unlock_date <= now()
--     AND WITHIN TIER: the reader's tier for that artist >= subscription_tier_required,
--   where tiers rank free = 0, tier1..tier3 = 1..3 and the reader's tier for an artist is their
--   live subscription to it (subscriptions.fan_id = reader, subscriptions.artist_id = the
--   artist's uuid as text, not _deleted), 0 without one: 'free' items are open to every
--   signed-in user once released. anon reads nothing. Sample subscriptions ('bti', …) name no
--   real artist, so they never unlock real content.
--   Why AND, not "public OR unlocked OR within tier": is_public is the spec's public-release
--   toggle (§2 upload metadata) and the tier gates access (§6 "tiers gate content access"); with
--   OR, a tier-0 fan read every released tier-3 item (issue 16's attack) and a tier-3 fan read
--   an artist's unreleased drafts.
--
-- API FOR THE FAN SIDE (helper "fans" builds sync and UI on this):
--   * public.content_items — full rows, only those the rule above allows (RLS). A row appears
--     in a fan's pull when it becomes readable only if its _modified moves; entitlement changes
--     (follow, tier raised, unlock date passing) do NOT touch _modified, so a checkpoint pull of
--     content_items alone skips older items: re-pull from the start (or per artist) after an
--     entitlement change.
--   * public.content_previews — the PUBLIC FIELDS of every artist's content row, readable by
--     every signed-in user (select only), so the UI can list locked items with a Locked badge:
--       id (= content_items.id), artist_id, title, file_type, subscription_tier_required,
--       is_public, unlock_date, created_at, updated_at, _modified, _deleted.
--     Never file_path, description, metadata or file_size. Written only by the trigger below
--     (mirrors every insert/update of content_items, tombstones included); replicable with the
--     usual (_modified, id) checkpoint pull. Whether a preview is locked for the reader is the
--     rule above, computed on the device from the preview and the reader's own subscriptions
--     (same rule as public.can_read_content; keep the shared pure function in step with it).
--   * public.content_tier_rank(text) → 0..3 and public.my_tier_for_artist(text) → 0..3
--     (invoker functions, callable by signed-in users) for SQL-side checks.
--   * Objects: storage download / signed URL of `{artist}/{file}` in bucket `content` succeeds
--     only when a live content_items row with that exact file_path, inside that artist's own
--     folder, is readable by the rule (or the reader is the artist).
--
-- OWNERSHIP OF REFERENCES: an API caller's content_items.file_path must lie inside their own
-- folder `{artist_id}/…` (artist_id = auth.uid() by policy), without empty or `..` segments;
-- artist_id never changes; can_read_object additionally requires the object to sit in the
-- row's artist's folder, so no row can vouch for another artist's object.

-- ------------------------------------------------------------------ tier helpers
create function public.content_tier_rank(p_tier text) returns integer
language sql immutable set search_path = '' as $$
  select case p_tier when 'tier1' then 1 when 'tier2' then 2 when 'tier3' then 3 else 0 end
$$;

-- The caller's tier for an artist: 0..3, 0 when not subscribed (invoker: reads only the
-- caller's own subscriptions under their RLS).
create function public.my_tier_for_artist(p_artist text) returns integer
language sql stable security invoker set search_path = '' as $$
  select coalesce(max(s.fan_tier), 0) from public.subscriptions s
  where s.fan_id = (select auth.uid()) and s.artist_id = p_artist and not s._deleted
$$;

-- ------------------------------------------------------------------ the rule
create or replace function public.can_read_content(c public.content_items) returns boolean
language sql stable security invoker set search_path = '' as $$
  select c.artist_id = (select auth.uid())
      or ((select auth.uid()) is not null
          and (c.is_public or (c.unlock_date is not null and c.unlock_date <= now()))
          and public.my_tier_for_artist(c.artist_id::text)
              >= public.content_tier_rank(c.subscription_tier_required))
$$;

-- An object is readable through a live row naming it exactly, in that row's artist's folder.
create or replace function public.can_read_object(p_bucket text, p_name text) returns boolean
language sql stable security invoker set search_path = '' as $$
  select p_bucket = 'content' and exists (
    select 1 from public.content_items c
    where c.file_path = p_name
      and (storage.foldername(p_name))[1] = c.artist_id::text
      and not c._deleted
      and public.can_read_content(c)
  )
$$;

-- ------------------------------------------------------------------ ownership of file_path
create function public.content_items_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE' and new.artist_id is distinct from old.artist_id then
    raise exception 'artist_id cannot change' using errcode = '42501';
  end if;
  if public.is_api_caller() then
    if new.file_path is null
       or left(new.file_path, 37) <> new.artist_id::text || '/'
       or char_length(new.file_path) <= 37
       or new.file_path ~ '(^|/)\.{1,2}(/|$)'
       or position('//' in new.file_path) > 0 then
      raise exception 'file_path must be inside your own folder (%/…)', new.artist_id
        using errcode = '42501';
    end if;
  end if;
  return new;
end
$$;

create trigger content_items_guard before insert or update on public.content_items
  for each row execute function public.content_items_guard();

-- ------------------------------------------------------------------ public fields
create table public.content_previews (
  id uuid primary key references public.content_items (id) on delete cascade,
  artist_id uuid not null references auth.users (id) on delete cascade,
  title text not null,
  file_type text,
  subscription_tier_required text not null,
  is_public boolean not null,
  unlock_date timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);
create index content_previews_modified_id_idx on public.content_previews (_modified, id);
create index content_previews_artist_id_idx on public.content_previews (artist_id);
create trigger set_modified before insert or update on public.content_previews
  for each row execute function public.set_modified();

alter table public.content_previews enable row level security;
revoke all on public.content_previews from public, anon, authenticated;
grant select on public.content_previews to authenticated;
grant all on public.content_previews to service_role;
create policy content_previews_read on public.content_previews for select to authenticated
  using (true);

-- Mirror of the public fields; security definer because no API role may write previews.
create function public.content_previews_mirror() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.content_previews as p (id, artist_id, title, file_type, subscription_tier_required,
      is_public, unlock_date, created_at, updated_at, _deleted)
    values (new.id, new.artist_id, new.title, new.file_type, new.subscription_tier_required,
      new.is_public, new.unlock_date, new.created_at, new.updated_at, new._deleted)
  on conflict (id) do update set
    artist_id = excluded.artist_id, title = excluded.title, file_type = excluded.file_type,
    subscription_tier_required = excluded.subscription_tier_required, is_public = excluded.is_public,
    unlock_date = excluded.unlock_date, created_at = excluded.created_at,
    updated_at = excluded.updated_at, _deleted = excluded._deleted;
  return null;
end
$$;
revoke all on function public.content_previews_mirror() from public, anon, authenticated;

create trigger content_previews_mirror after insert or update on public.content_items
  for each row execute function public.content_previews_mirror();

insert into public.content_previews (id, artist_id, title, file_type, subscription_tier_required,
    is_public, unlock_date, created_at, updated_at, _deleted)
  select id, artist_id, title, file_type, subscription_tier_required, is_public, unlock_date,
    created_at, updated_at, _deleted
  from public.content_items
  on conflict (id) do nothing;

revoke all on function public.content_tier_rank(text), public.my_tier_for_artist(text),
  public.content_items_guard() from public, anon, authenticated;
grant execute on function public.content_tier_rank(text), public.my_tier_for_artist(text)
  to authenticated, service_role;
