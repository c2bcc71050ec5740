-- An artist's public identity (issue 31, deliverable 1): a chosen public name, a picture, a short
-- bio and genres; the e-mail address never leaves its owner.
-- Design: the owner edits these fields on their own `profiles` row (already synced, owner-only
-- RLS, pushed through sync_push), so edits are local-first and need no new RxDB collection
-- (open-source RxDB caps a process at 13 open collections; the registry holds 12).
-- `profiles.display_name` IS the public name. Everyone else reads the public fields through
-- server-written copies only.
-- Invariants:
--  * profiles.display_name is null (no name chosen) or 1-60 trimmed characters without control
--    characters, that neither looks like an e-mail address nor contains the account's e-mail
--    (refused with 23514 and a clear message); bio <= 280 characters; genres from the spec's 12
--    genre options, at most 5; picture_path null or an image object under `{id}/profile/`.
--  * private.artist_public_name(id) is the one place a public name is computed: the chosen name,
--    else 'Unnamed artist' — never anything derived from the e-mail. Every public name surface
--    takes it: artist_directory (private.directory_name), content_previews.artist_name (a BEFORE
--    trigger on the previews themselves, so whatever version of content_previews_mirror() writes
--    them), followed_content.artist_name (reads the directory name, unchanged view),
--    subscriptions.artist_name of real artists (server-owned, kept in step on rename).
--  * public.artist_profiles is a server-written copy of the public fields (select-only for
--    signed-in users; readable for listed artists — those who wrote content — and by its owner).
--  * A content_items row cannot become released (is_public, or an unlock date set) by an API
--    caller whose profile has no public name: 23514 'Choose your artist name before publishing'.
--    Rows already released stay editable.
--  * Existing names that are, contain or equal the local part of the account's e-mail, or look
--    like an e-mail address, are cleared; every copy is recomputed.

-- ------------------------------------------------------------------ scrub before the rules
update public.profiles p set display_name = null
from auth.users u
where u.id = p.id and p.display_name is not null
  and (strpos(lower(p.display_name), lower(u.email)) > 0
       or lower(btrim(p.display_name)) = lower(split_part(u.email, '@', 1)));
update public.profiles set display_name = nullif(left(btrim(regexp_replace(display_name, '[[:cntrl:]]', '', 'g')), 60), '')
where display_name is not null;
update public.profiles set display_name = null
where display_name ~ '[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+';

-- ------------------------------------------------------------------ the owner's fields
alter table public.profiles
  add column bio text not null default '',
  add column picture_path text,
  add column genres text[] not null default '{}';

alter table public.profiles
  add constraint profiles_display_name_shape check (
    display_name is null or (
      char_length(display_name) between 1 and 60
      and display_name = btrim(display_name)
      and display_name !~ '[[:cntrl:]]'
      and display_name !~ '[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+')),
  add constraint profiles_bio_length check (char_length(bio) <= 280),
  add constraint profiles_genres_allowed check (
    cardinality(genres) <= 5
    and genres <@ array['Electronic', 'Hip-Hop', 'R&B', 'Indie Rock', 'Folk', 'Jazz', 'Synthwave', 'Lo-fi',
                        'Ambient', 'Experimental', 'Pop', 'Alternative']::text[]),
  add constraint profiles_picture_own_folder check (
    picture_path is null
    or picture_path ~ ('^' || id::text || '/profile/[A-Za-z0-9_-]{1,80}\.(png|jpg|jpeg|webp)$'));

-- A name that is or contains the account's e-mail (or its local part), or any e-mail address
-- (security definer: reads auth.users); the shape check stays as the backstop.
create function public.profiles_name_not_email() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _email text;
begin
  if new.display_name is null or (tg_op = 'UPDATE' and new.display_name is not distinct from old.display_name) then
    return new;
  end if;
  select u.email into _email from auth.users u where u.id = new.id;
  if new.display_name ~ '[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+'
     or (_email is not null and (strpos(lower(new.display_name), lower(_email)) > 0
         or lower(btrim(new.display_name)) = lower(split_part(_email, '@', 1)))) then
    raise exception 'Your artist name cannot be your e-mail address' using errcode = '23514';
  end if;
  return new;
end
$$;
create trigger profiles_name_not_email before insert or update of display_name on public.profiles
  for each row execute function public.profiles_name_not_email();

-- ------------------------------------------------------------------ the one public name
create function private.artist_public_name(p_artist uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((select nullif(btrim(pr.display_name), '') from public.profiles pr where pr.id = p_artist),
                  'Unnamed artist')
$$;

create or replace function private.directory_name(p_artist uuid) returns text
language sql stable set search_path = '' as $$
  select private.artist_public_name(p_artist)
$$;

-- content_previews: the name is computed on the row itself, whoever writes it.
create function private.content_previews_public_name() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.artist_name := private.artist_public_name(new.artist_id);
  return new;
end
$$;
create trigger content_previews_public_name before insert or update on public.content_previews
  for each row execute function private.content_previews_public_name();

-- The rename trigger of 20261122100300 (kept: `after insert or update of display_name`).
create or replace function public.content_previews_artist_name() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.content_previews c set artist_name = private.artist_public_name(new.id)
    where c.artist_id = new.id and c.artist_name is distinct from private.artist_public_name(new.id);
  return null;
end
$$;

-- subscriptions.artist_name of a real artist is the artist's public name (server-owned); sample
-- artists ('bti', …) keep the name their row was made with.
create function private.subscriptions_public_name() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.artist_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and exists (select 1 from auth.users u where u.id = new.artist_id::uuid) then
    new.artist_name := private.artist_public_name(new.artist_id::uuid);
  end if;
  return new;
end
$$;
create trigger subscriptions_public_name before insert or update on public.subscriptions
  for each row execute function private.subscriptions_public_name();

-- ------------------------------------------------------------------ the public copy
create table public.artist_profiles (
  artist_id uuid primary key references auth.users (id) on delete cascade,
  name text not null,
  bio text not null default '',
  picture_path text,
  genres text[] not null default '{}',
  updated_at timestamptz not null default now()
);
comment on table public.artist_profiles is
  'Public fields of artists'' profiles (name, bio, picture, genres); written only by triggers on profiles.';
alter table public.artist_profiles enable row level security;
revoke all on public.artist_profiles from public, anon, authenticated;
grant select on public.artist_profiles to authenticated;
grant all on public.artist_profiles to service_role;
create policy artist_profiles_read on public.artist_profiles for select to authenticated
  using (
    artist_id = (select auth.uid())
    or exists (select 1 from public.artist_directory_counts d where d.artist_id = artist_profiles.artist_id and d.listed));

-- A profile's public fields changed: its copy, the followers' subscription names.
create function private.profiles_publish_identity() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _name text := private.artist_public_name(new.id);
begin
  insert into public.artist_profiles as a (artist_id, name, bio, picture_path, genres, updated_at)
  values (new.id, _name, new.bio, new.picture_path, new.genres, now())
  on conflict (artist_id) do update set name = excluded.name, bio = excluded.bio,
    picture_path = excluded.picture_path, genres = excluded.genres, updated_at = excluded.updated_at
  where (a.name, a.bio, a.picture_path, a.genres)
        is distinct from (excluded.name, excluded.bio, excluded.picture_path, excluded.genres);
  if tg_op = 'UPDATE' and new.display_name is distinct from old.display_name then
    update public.subscriptions s set artist_name = _name
    where s.artist_id = new.id::text and s.artist_name is distinct from _name;
  end if;
  return null;
end
$$;
create trigger profiles_publish_identity
  after insert or update of display_name, bio, picture_path, genres on public.profiles
  for each row execute function private.profiles_publish_identity();

-- ------------------------------------------------------------------ required before publishing
-- Invoker: only statements of the API roles are checked (service and seeds write freely); the
-- caller reads their own profile under its RLS (content_items' policies make artist_id theirs).
create function public.content_items_require_public_name() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not public.is_api_caller() or new._deleted or not (new.is_public or new.unlock_date is not null) then
    return new;
  end if;
  if tg_op = 'UPDATE' and not old._deleted and (old.is_public or old.unlock_date is not null) then
    return new; -- already released (or scheduled): edits stay possible
  end if;
  if not exists (select 1 from public.profiles p
                 where p.id = new.artist_id and nullif(btrim(p.display_name), '') is not null) then
    raise exception 'Choose your artist name before publishing' using errcode = '23514',
      hint = 'Set a public name in your artist profile, then publish again.';
  end if;
  return new;
end
$$;
create trigger content_items_require_public_name before insert or update on public.content_items
  for each row execute function public.content_items_require_public_name();

-- ------------------------------------------------------------------ the picture is readable
-- A listed artist's current picture (the object named by their public copy, in their folder).
create policy artist_pictures_select on storage.objects for select to authenticated
  using (
    bucket_id = 'content'
    and exists (select 1 from public.artist_profiles a
                where a.picture_path = storage.objects.name
                  and (storage.foldername(storage.objects.name))[1] = a.artist_id::text));

-- ------------------------------------------------------------------ privileges
revoke all on function public.profiles_name_not_email(), public.content_items_require_public_name(),
  private.artist_public_name(uuid), private.content_previews_public_name(),
  private.subscriptions_public_name(), private.profiles_publish_identity()
  from public, anon, authenticated;

-- ------------------------------------------------------------------ recompute every copy
insert into public.artist_profiles (artist_id, name, bio, picture_path, genres)
select p.id, private.artist_public_name(p.id), p.bio, p.picture_path, p.genres from public.profiles p
on conflict (artist_id) do nothing;
update public.artist_directory_counts d set name = private.directory_name(d.artist_id)
where d.name is distinct from private.directory_name(d.artist_id);
update public.content_previews c set artist_name = private.artist_public_name(c.artist_id)
where c.artist_name is distinct from private.artist_public_name(c.artist_id);
update public.subscriptions s set artist_name = private.artist_public_name(s.artist_id::uuid)
where s.artist_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  and exists (select 1 from auth.users u where u.id = s.artist_id::uuid)
  and s.artist_name is distinct from private.artist_public_name(s.artist_id::uuid);
