-- Uploads verified by the server, and unreleased work kept private (issue 38, items 7 and 8).
--
-- THE MODEL
--   * Server code (the Edge Function `verify-upload`, run in-process by the local backend) reads a
--     stored object's bytes, checks its format (magic numbers), its size and, for audio, its
--     container and frame headers, and records the verdict with public.record_upload_check() —
--     callable by service_role only — in private.upload_checks, bound to the object's name AND
--     its storage version (every write of an object gets a new version).
--   * content_items.file_verified is server-owned: on every write by an API role it is computed,
--     never taken from the caller — true only when a passed check exists for the object the row
--     names, at its current version, of the row's file_size and file_type. content_items.file_check
--     is the server's note (what was checked, or why the file was refused), for the artist's eyes.
--   * RELEASED (public.can_read_content) = verified and (is_public or unlock_date <= now()).
--     Unverified or not yet released: only the artist reads the row and its object.
--   * A live content row pins its object: the artist cannot overwrite or delete an object while a
--     live row names it (storage policies), so a verified file cannot be swapped afterwards.
--   * content_previews (read by every signed-in user; feeds the catalog, followed_content, the feed
--     and lockers) holds RELEASED items only. A never-released item has no preview row at all (no
--     title, genre or existence); an item that stops being released (unpublished, deleted, moved to
--     a future date) keeps a tombstone, so devices drop it on their next pull. A scheduled item
--     appears when its date passes: the pull's private.sync_release_due() touches the row, and the
--     mirror writes the preview then — a write, delivered by the (_txid, id) pull like any other.
--   * The directory counts verified released items only and lists only artists with one.
--   * Live messages to an artist's followers are sent when a preview changes, not when any content
--     row does (a draft being saved is nobody else's news).
-- Existing rows start unverified and hidden until the sweep (`verify-upload` with {"sweep": true}
-- as service_role; the local backend runs it at start) has checked their objects.

-- ------------------------------------------------------------------ columns
alter table public.content_items
  add column file_verified boolean not null default false,
  add column file_check text;

comment on column public.content_items.file_verified is
  'Server-owned: a passed byte check (private.upload_checks) exists for the object at its current version.';

-- ------------------------------------------------------------------ the checks
create table private.upload_checks (
  name text primary key,
  object_version text not null,
  ok boolean not null,
  mime text,
  size bigint not null,
  note text not null,
  checked_at timestamptz not null default now()
);
alter table private.upload_checks enable row level security;
revoke all on private.upload_checks from public, anon, authenticated, service_role;
grant select, insert, update on private.upload_checks to service_role;
create policy upload_checks_service on private.upload_checks for all to service_role using (true) with check (true);

-- Whether `p_name` is currently stored at the version a passed check read, with this size and type.
-- Definer: the artist's own writes must see the checks table and the object, whatever their grants.
create function private.content_file_verified(p_name text, p_size bigint, p_type text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
    from private.upload_checks u
    join storage.objects o on o.bucket_id = 'content' and o.name = u.name and coalesce(o.version, '') = u.object_version
    where u.name = p_name and u.ok and u.size = p_size
      and u.mime = lower(split_part(coalesce(p_type, ''), ';', 1)))
$$;

create function private.content_file_note(p_name text) returns text
language sql stable security definer set search_path = '' as $$
  select u.note from private.upload_checks u where u.name = p_name
$$;
revoke all on function private.content_file_verified(text, bigint, text), private.content_file_note(text)
  from public, anon, authenticated, service_role;
grant execute on function private.content_file_verified(text, bigint, text), private.content_file_note(text)
  to authenticated, service_role;

-- Server-owned columns: computed on every write by an API role (service_role included: it touches
-- rows after a check, the computation decides). The database owner's own SQL (migrations,
-- fixtures, definer functions such as sync_release_due) may vouch for a row (true stays true);
-- otherwise it gets the same computation.
create function private.content_items_verification() returns trigger
language plpgsql set search_path = '' as $$
declare
  _ok boolean := not new._deleted and private.content_file_verified(new.file_path, new.file_size, new.file_type);
begin
  if current_user not in ('anon', 'authenticated', 'service_role') then
    new.file_verified := coalesce(new.file_verified, false) or _ok;
    new.file_check := coalesce(new.file_check, private.content_file_note(new.file_path));
    return new;
  end if;
  new.file_verified := _ok;
  new.file_check := private.content_file_note(new.file_path);
  return new;
end
$$;
revoke all on function private.content_items_verification() from public, anon, authenticated, service_role;
create trigger content_items_verification before insert or update on public.content_items
  for each row execute function private.content_items_verification();

-- The Edge Function's only write: record a verdict for the object at the version it read, then
-- touch the rows naming it (their trigger recomputes file_verified). Refuses (returns false) when
-- the object has changed or gone since it was read.
create function public.record_upload_check(p_name text, p_version text, p_ok boolean, p_mime text, p_size bigint,
  p_note text) returns boolean
language plpgsql security invoker set search_path = '' as $$
begin
  if not exists (select 1 from storage.objects o
                 where o.bucket_id = 'content' and o.name = p_name and o.version is not distinct from p_version) then
    return false;
  end if;
  insert into private.upload_checks as u (name, object_version, ok, mime, size, note, checked_at)
  values (p_name, coalesce(p_version, ''), p_ok, case when p_ok then lower(p_mime) end, p_size, left(p_note, 300), now())
  on conflict (name) do update set object_version = excluded.object_version, ok = excluded.ok, mime = excluded.mime,
    size = excluded.size, note = excluded.note, checked_at = excluded.checked_at;
  update public.content_items c set file_check = null where c.file_path = p_name;
  return true;
end
$$;
revoke all on function public.record_upload_check(text, text, boolean, text, bigint, text)
  from public, anon, authenticated, service_role;
grant execute on function public.record_upload_check(text, text, boolean, text, bigint, text) to service_role;
-- What the check's writes need as service_role (hosted grants nothing by default): the rows it
-- touches, and the invoker helper their triggers call.
grant select, update on public.content_items to service_role;
grant execute on function public.is_api_caller() to service_role;

-- Live rows whose object has no passed check at its current version (the sweep's work list).
create function public.unverified_content_objects(p_limit integer default 100)
returns table (file_path text)
language sql stable security invoker set search_path = '' as $$
  select distinct c.file_path from public.content_items c
  where not c._deleted and not c.file_verified
    and not exists (select 1 from private.upload_checks u
                    join storage.objects o on o.bucket_id = 'content' and o.name = u.name and coalesce(o.version, '') = u.object_version
                    where u.name = c.file_path)
  order by c.file_path
  limit greatest(1, least(coalesce(p_limit, 100), 1000))
$$;
revoke all on function public.unverified_content_objects(integer) from public, anon, authenticated, service_role;
grant execute on function public.unverified_content_objects(integer) to service_role;

-- ------------------------------------------------------------------ the released rule
create or replace function public.can_read_content(c public.content_items) returns boolean
language sql stable security invoker set search_path = '' as $$
  select c.artist_id = (select auth.uid())
      or ((select auth.uid()) is not null
          and c.file_verified
          and (c.is_public or (c.unlock_date is not null and c.unlock_date <= now()))
          and public.my_tier_for_artist(c.artist_id::text)
              >= public.content_tier_rank(c.subscription_tier_required))
$$;

-- ------------------------------------------------------------------ objects pinned by live rows
create function private.content_object_pinned(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.content_items c where c.file_path = p_name and not c._deleted)
$$;
revoke all on function private.content_object_pinned(text) from public, anon, authenticated, service_role;
grant execute on function private.content_object_pinned(text) to authenticated, service_role;

alter policy content_objects_update_own_folder on storage.objects
  using (bucket_id = 'content' and (storage.foldername(name))[1] = auth.uid()::text
         and not private.content_object_pinned(name))
  with check (bucket_id = 'content' and (storage.foldername(name))[1] = auth.uid()::text);
alter policy content_objects_delete_own_folder on storage.objects
  using (bucket_id = 'content' and (storage.foldername(name))[1] = auth.uid()::text
         and not private.content_object_pinned(name));

-- ------------------------------------------------------------------ previews: released items only
create or replace function public.content_previews_mirror() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new._deleted or not new.file_verified
     or not (new.is_public or (new.unlock_date is not null and new.unlock_date <= now())) then
    -- Never released: nothing at all. Released before: a tombstone (the BEFORE trigger blanks it).
    update public.content_previews p set _deleted = true where p.id = new.id and not p._deleted;
    return null;
  end if;
  insert into public.content_previews as p (id, artist_id, title, file_type,
      subscription_tier_required, is_public, unlock_date, created_at, updated_at, _deleted)
    values (new.id, new.artist_id, new.title, new.file_type, new.subscription_tier_required,
      new.is_public, new.unlock_date, new.created_at, new.updated_at, false)
  on conflict (id) do update set
    artist_id = excluded.artist_id, title = excluded.title,
    file_type = excluded.file_type, subscription_tier_required = excluded.subscription_tier_required,
    is_public = excluded.is_public, unlock_date = excluded.unlock_date,
    created_at = excluded.created_at, updated_at = excluded.updated_at, _deleted = false;
  return null;
end
$$;

-- The previews' own guard: whoever writes a preview, an unreleased one is a tombstone.
create or replace function private.content_previews_hide_unreleased() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new._deleted or not (new.is_public or (new.unlock_date is not null and new.unlock_date <= now())) then
    new._deleted := true;
    new.title := '';
    new.file_type := null;
    new.subscription_tier_required := 'free';
    new.is_public := false;
    new.unlock_date := null;
  end if;
  return new;
end
$$;

-- ------------------------------------------------------------------ the directory
create or replace function private.directory_release_at(p_item public.content_items) returns timestamptz
language sql immutable set search_path = '' as $$
  select case when p_item._deleted or not p_item.file_verified then null
              when p_item.is_public then '-infinity'::timestamptz
              else p_item.unlock_date end
$$;

create or replace view public.artist_directory with (security_invoker = true) as
select d.artist_id, d.name, d.followers, d.plays, private.artist_directory_genres(d.artist_id) as genres,
       d.items + private.artist_directory_due_items(d.artist_id) as items, d.updated_at
from public.artist_directory_counts d
-- Only artists with a released item (a draft reveals nobody). `items > 0` first: PostgreSQL
-- evaluates an OR's arms in order, so the due-items count runs only for artists with none counted.
where d.listed and (d.items > 0 or private.artist_directory_due_items(d.artist_id) > 0);

-- ------------------------------------------------------------------ live messages
drop trigger live_changed_insert on public.content_items;
drop trigger live_changed_update on public.content_items;
create trigger live_changed_insert after insert on public.content_items referencing new table as new_rows
  for each statement execute function public.live_changed('user:', 'artist_id', '["content_items"]');
create trigger live_changed_update after update on public.content_items
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.live_changed('user:', 'artist_id', '["content_items"]');
create trigger live_changed_insert after insert on public.content_previews referencing new table as new_rows
  for each statement execute function public.live_changed('artist:', 'artist_id', '["followed_content"]');
create trigger live_changed_update after update on public.content_previews
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.live_changed('artist:', 'artist_id', '["followed_content"]');

-- ------------------------------------------------------------------ existing rows: unverified
-- Every live row is unverified now: its preview becomes a tombstone (the touch runs the mirror),
-- and the directory forgets its released figures until the sweep verifies the objects again.
update public.content_items c set updated_at = c.updated_at;
delete from private.directory_items;
delete from private.directory_genres;
update public.artist_directory_counts set items = 0, updated_at = now();
