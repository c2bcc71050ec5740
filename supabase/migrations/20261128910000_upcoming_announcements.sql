-- An artist's announcement of an upcoming release ("New single — coming Friday"): the one thing
-- about unreleased work fans may see, because the artist wrote it for them on purpose. Drafts and
-- scheduled items themselves stay the artist's alone until their release (20261128200000).
-- Invariants:
--   * profiles.announcement (1–80 characters after trimming) and announcement_on (the day) are
--     set together or cleared together; an API caller may set a day from today to a year ahead.
--   * The public copy (artist_profiles: who may read it is unchanged — listed artists and oneself)
--     and every follower's subscription row carry it, written only by these triggers: a client
--     that sends subscriptions.artist_announcement* gets the artist's values instead, so a fan's
--     device learns of a new announcement through its own synced subscriptions (live, offline).

alter table public.profiles
  add column announcement text
    check (announcement is null or char_length(btrim(announcement)) between 1 and 80),
  add column announcement_on date,
  add constraint profiles_announcement_pair check ((announcement is null) = (announcement_on is null));

alter table public.artist_profiles
  add column announcement text,
  add column announcement_on date;

alter table public.subscriptions
  add column artist_announcement text,
  add column artist_announcement_on date;

-- Invoker: the day an API caller announces is from today to a year ahead (a CHECK cannot read the
-- date); an announcement whose day has passed stays stored and simply stops being upcoming.
create function public.profiles_announcement_valid() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.announcement := nullif(btrim(new.announcement), '');
  if public.is_api_caller() and new.announcement_on is not null
     and (tg_op = 'INSERT' or new.announcement_on is distinct from old.announcement_on
          or new.announcement is distinct from old.announcement)
     and (new.announcement_on < current_date or new.announcement_on > current_date + 366) then
    raise exception 'Choose a day from today to a year ahead' using errcode = '23514',
      hint = 'An announcement names the day of an upcoming release.';
  end if;
  return new;
end
$$;
create trigger profiles_announcement_valid before insert or update of announcement, announcement_on on public.profiles
  for each row execute function public.profiles_announcement_valid();

-- After profiles_publish_identity (trigger names fire in order), so the public copy exists.
create function private.profiles_publish_upcoming() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.artist_profiles a set announcement = new.announcement, announcement_on = new.announcement_on,
    updated_at = now()
  where a.artist_id = new.id
    and (a.announcement, a.announcement_on) is distinct from (new.announcement, new.announcement_on);
  update public.subscriptions s set artist_announcement = new.announcement, artist_announcement_on = new.announcement_on
  where s.artist_id = new.id::text
    and (s.artist_announcement, s.artist_announcement_on) is distinct from (new.announcement, new.announcement_on);
  return null;
end
$$;
create trigger profiles_publish_upcoming
  after insert or update of announcement, announcement_on on public.profiles
  for each row execute function private.profiles_publish_upcoming();

-- A subscription row always carries its artist's current announcement (server-owned).
create function private.subscriptions_upcoming() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  select p.announcement, p.announcement_on into new.artist_announcement, new.artist_announcement_on
  from public.profiles p
  where new.artist_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    and p.id = new.artist_id::uuid;
  if not found then
    new.artist_announcement := null;
    new.artist_announcement_on := null;
  end if;
  return new;
end
$$;
create trigger subscriptions_upcoming before insert or update on public.subscriptions
  for each row execute function private.subscriptions_upcoming();

revoke all on function public.profiles_announcement_valid(), private.profiles_publish_upcoming(),
  private.subscriptions_upcoming() from public, anon, authenticated;
grant execute on function public.profiles_announcement_valid() to authenticated, service_role;
