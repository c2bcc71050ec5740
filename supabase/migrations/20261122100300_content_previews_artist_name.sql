-- content_previews gains the artist's public name (extends 20261122100200_content_entitlements).
-- Why: profiles are readable by their owner only, so a fan listing another artist's items had
-- no name to show without a security-definer view or function (Supabase lints 0010/0029).
-- Invariants: content_previews.artist_name = the artist's profiles.display_name ('' when unset),
-- kept in step by triggers on both tables (a rename bumps the previews' _modified, so pulls
-- deliver it); still written only by security-definer triggers, still select-only for
-- signed-in users. Public fields of a content row are now:
--   id, artist_id, artist_name, title, file_type, subscription_tier_required, is_public,
--   unlock_date, created_at, updated_at, _modified, _deleted.

alter table public.content_previews add column artist_name text not null default '';

create or replace function public.content_previews_mirror() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _name text := coalesce((select p.display_name from public.profiles p where p.id = new.artist_id), '');
begin
  insert into public.content_previews as p (id, artist_id, artist_name, title, file_type,
      subscription_tier_required, is_public, unlock_date, created_at, updated_at, _deleted)
    values (new.id, new.artist_id, _name, new.title, new.file_type, new.subscription_tier_required,
      new.is_public, new.unlock_date, new.created_at, new.updated_at, new._deleted)
  on conflict (id) do update set
    artist_id = excluded.artist_id, artist_name = excluded.artist_name, title = excluded.title,
    file_type = excluded.file_type, subscription_tier_required = excluded.subscription_tier_required,
    is_public = excluded.is_public, unlock_date = excluded.unlock_date,
    created_at = excluded.created_at, updated_at = excluded.updated_at, _deleted = excluded._deleted;
  return null;
end
$$;

create function public.content_previews_artist_name() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.content_previews c set artist_name = coalesce(new.display_name, '')
    where c.artist_id = new.id and c.artist_name is distinct from coalesce(new.display_name, '');
  return null;
end
$$;
revoke all on function public.content_previews_artist_name() from public, anon, authenticated;

create trigger content_previews_artist_name after insert or update of display_name on public.profiles
  for each row execute function public.content_previews_artist_name();

update public.content_previews c set artist_name = coalesce(p.display_name, '')
  from public.profiles p
  where p.id = c.artist_id and c.artist_name is distinct from coalesce(p.display_name, '');
