-- Artist directory figures that mean something, kept by delta (issue 30 points 4-5, issue 28
-- point 3). Replaces the recount-on-every-write triggers of 20261122400000_follower_delivery.sql.
-- Invariants:
--  * public.artist_directory is a security-invoker view with the same columns as before: one row
--    per artist who ever wrote content (`listed`), readable by every signed-in user. items and
--    genres count RELEASED live items only; released = the RELEASED clause of
--    public.can_read_content: is_public, or unlock_date <= now().
--  * A play (media_engagement_log row, event_type 'track_played', metadata.content_id) counts for
--    the item's artist when the inserting user is the row's user_id, the item is live and not
--    their own, and public.can_read_content() lets them read it (the entitlement rule, called,
--    not copied); and at most once per fan and item per 30 minutes (private.play_marks). Other
--    plays are stored but not counted: the log is the fan's own record, and refusing the row
--    would turn a fan's whole sync push into a per-row error the device retries.
--  * Counts by delta: a write changes the figures by the transition it makes (n = n + d on one
--    row), never by recounting history. An unlock date passing needs no write: an item whose
--    release time lies ahead waits uncounted in private.directory_items, the view adds those now
--    due, and the artist's next counted write folds them into the counters.
--  * Lock order per artist: its counts row first, then its item and genre rows, so writers of one
--    artist queue instead of deadlocking (a play locks the fan's own mark row before it). A transaction changing two artists' figures takes their
--    rows in statement order (as any counter does); PostgreSQL aborts one of two crossed ones.
--  * The API roles can read the view only; the counts table stays readable (followed_content
--    joins it for names) with RLS limiting it to listed artists; everything else lives in schema
--    `private` (not exposed by the Data API) without grants, except the view's two reader
--    functions (they return released figures only).

-- ------------------------------------------------------------------ the old recounting triggers
-- Dropped first: it locks the four tables until commit, so no write falls between the recount
-- below and the new triggers.
drop trigger artist_directory_on_content on public.content_items;
drop trigger artist_directory_on_subscription on public.subscriptions;
drop trigger artist_directory_on_play on public.media_engagement_log;
drop trigger artist_directory_on_profile on public.profiles;
drop function public.artist_directory_refresh(uuid), public.artist_directory_on_content(),
  public.artist_directory_on_subscription(), public.artist_directory_on_play(),
  public.artist_directory_on_profile();

-- ------------------------------------------------------------------ counters
-- Renamed, not recreated: followed_content (security invoker) reads names from it by reference.
alter table public.artist_directory rename to artist_directory_counts;
alter table public.artist_directory_counts rename constraint artist_directory_pkey to artist_directory_counts_pkey;
alter table public.artist_directory_counts
  rename constraint artist_directory_artist_id_fkey to artist_directory_counts_artist_id_fkey;
alter table public.artist_directory_counts drop column genres;
-- A follow creates the row of a user without content too (so no follow races the first item);
-- only artists who wrote content are listed.
alter table public.artist_directory_counts add column listed boolean not null default false;
update public.artist_directory_counts set listed = true;
alter policy artist_directory_read on public.artist_directory_counts rename to artist_directory_counts_read;
alter policy artist_directory_counts_read on public.artist_directory_counts using (listed);
comment on table public.artist_directory_counts is
  'Counters behind public.artist_directory (read the view); written only by the directory triggers.';

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- One row per fan and item: when the fan's last counted play of it was.
create table private.play_marks (
  fan_id uuid not null references auth.users (id) on delete cascade,
  content_id uuid not null references public.content_items (id) on delete cascade,
  counted_at timestamptz not null,
  primary key (fan_id, content_id)
);

-- One row per item that is or will be released: counted = included in the counters.
create table private.directory_items (
  item_id uuid primary key,
  artist_id uuid not null,
  genre text not null,
  release_at timestamptz not null,
  counted boolean not null
);
create index directory_items_due_idx on private.directory_items (artist_id, release_at) where not counted;

-- Counted released items per artist and genre.
create table private.directory_genres (
  artist_id uuid not null references auth.users (id) on delete cascade,
  genre text not null,
  n integer not null,
  primary key (artist_id, genre)
);

alter table private.play_marks enable row level security;
alter table private.directory_items enable row level security;
alter table private.directory_genres enable row level security;

-- ------------------------------------------------------------------ helpers
-- When an item starts to count (can_read_content's RELEASED clause as a time); null = never.
create function private.directory_release_at(p_item public.content_items) returns timestamptz
language sql immutable set search_path = '' as $$
  select case when p_item._deleted then null
              when p_item.is_public then '-infinity'::timestamptz
              else p_item.unlock_date end
$$;

create function private.directory_genre(p_item public.content_items) returns text
language sql immutable set search_path = '' as $$
  select coalesce(p_item.metadata ->> 'genre', '')
$$;

create function private.directory_name(p_artist uuid) returns text
language sql stable set search_path = '' as $$
  select coalesce((select nullif(pr.display_name, '') from public.profiles pr where pr.id = p_artist),
                  'Artist ' || left(p_artist::text, 8))
$$;

-- Decrements only update: an insert here could name a user being deleted (foreign key).
create function private.directory_genre_add(p_artist uuid, p_genre text, p_delta integer) returns void
language plpgsql set search_path = '' as $$
begin
  if p_genre = '' or p_delta = 0 then
    return;
  elsif p_delta > 0 then
    insert into private.directory_genres as g (artist_id, genre, n) values (p_artist, p_genre, p_delta)
    on conflict (artist_id, genre) do update set n = g.n + excluded.n;
  else
    update private.directory_genres g set n = g.n + p_delta where g.artist_id = p_artist and g.genre = p_genre;
  end if;
end
$$;

-- Counts the artist's items whose unlock date has passed uncounted; the caller holds the
-- artist's counts row (lock order), so no two folds of one artist interleave.
create function private.directory_fold(p_artist uuid) returns void
language sql set search_path = '' as $$
  with due as (
    update private.directory_items s set counted = true
    where s.artist_id = p_artist and not s.counted and s.release_at <= now()
    returning s.genre
  ), genres as (
    insert into private.directory_genres as g (artist_id, genre, n)
    select p_artist, due.genre, count(*)::integer from due where due.genre <> '' group by due.genre
    on conflict (artist_id, genre) do update set n = g.n + excluded.n
  )
  update public.artist_directory_counts d set items = d.items + (select count(*)::integer from due)
  where d.artist_id = p_artist and exists (select 1 from due)
$$;

-- ------------------------------------------------------------------ triggers
create function private.directory_on_play() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _item uuid;
  _artist uuid;
  _counted boolean;
begin
  -- The rule is evaluated for auth.uid(), so only a fan's own statement about themselves counts.
  if new.event_type is distinct from 'track_played' or new._deleted
     or new.user_id is distinct from (select auth.uid())
     or coalesce(new.metadata ->> 'content_id', '')
        !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return null;
  end if;
  _item := (new.metadata ->> 'content_id')::uuid;
  select c.artist_id into _artist from public.content_items c
  where c.id = _item and not c._deleted and c.artist_id <> new.user_id and public.can_read_content(c);
  if _artist is null then
    return null;
  end if;
  -- Window: 30 minutes, longer than a track or an album side replayed on repeat, so loops and
  -- retries count once, short enough that the same fan coming back later in the day counts
  -- again; one account adds at most 48 plays a day per item. Server time, not the device's
  -- created_at (which the client writes): plays pushed together after offline listening count
  -- once per item.
  insert into private.play_marks as m (fan_id, content_id, counted_at) values (new.user_id, _item, now())
  on conflict (fan_id, content_id) do update set counted_at = excluded.counted_at
    where m.counted_at <= excluded.counted_at - interval '30 minutes'
  returning true into _counted;
  if _counted then
    update public.artist_directory_counts d set plays = d.plays + 1, updated_at = now() where d.artist_id = _artist;
    perform private.directory_fold(_artist);
  end if;
  return null;
end
$$;

create function private.directory_on_follow() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  -- Only the canonical uuid text counts: sample rows name 'bti', …, and the entitlement rule
  -- compares the same text.
  _uuid constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  _was uuid;
  _now uuid;
begin
  if tg_op <> 'INSERT' and not old._deleted and old.artist_id ~ _uuid then
    _was := old.artist_id::uuid;
  end if;
  if tg_op <> 'DELETE' and not new._deleted and new.artist_id ~ _uuid then
    _now := new.artist_id::uuid;
  end if;
  if _was is not distinct from _now then
    return null;
  end if;
  if _was is not null then
    update public.artist_directory_counts d set followers = d.followers - 1, updated_at = now()
    where d.artist_id = _was;
    if tg_op <> 'DELETE' then
      perform private.directory_fold(_was);
    end if;
  end if;
  if _now is not null then
    insert into public.artist_directory_counts as d (artist_id, name, followers)
    select _now, private.directory_name(_now), 1
    where exists (select 1 from auth.users u where u.id = _now)
    on conflict (artist_id) do update set followers = d.followers + 1, updated_at = now();
    perform private.directory_fold(_now);
  end if;
  return null;
end
$$;

create function private.directory_on_content() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _artist uuid := case when tg_op = 'DELETE' then old.artist_id else new.artist_id end;
  _at timestamptz;
  _counted boolean := false;
  _was_counted boolean := false;
  _was_genre text;
begin
  if tg_op = 'UPDATE'
     and private.directory_release_at(old) is not distinct from private.directory_release_at(new)
     and private.directory_genre(old) = private.directory_genre(new) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into public.artist_directory_counts as d (artist_id, name, listed)
    values (_artist, private.directory_name(_artist), true)
    on conflict (artist_id) do update set listed = true, updated_at = now();
  else
    update public.artist_directory_counts d set updated_at = now() where d.artist_id = _artist;
  end if;
  if tg_op <> 'INSERT' then
    delete from private.directory_items s where s.item_id = old.id
    returning s.counted, s.genre into _was_counted, _was_genre;
    _was_counted := coalesce(_was_counted, false);
  end if;
  if tg_op <> 'DELETE' then
    _at := private.directory_release_at(new);
    if _at is not null then
      _counted := _at <= now();
      insert into private.directory_items (item_id, artist_id, genre, release_at, counted)
      values (new.id, _artist, private.directory_genre(new), _at, _counted);
    end if;
  end if;
  if _was_counted <> _counted then
    update public.artist_directory_counts d set items = d.items + case when _counted then 1 else -1 end
    where d.artist_id = _artist;
  end if;
  if _was_counted then
    perform private.directory_genre_add(_artist, _was_genre, -1);
  end if;
  if _counted then
    perform private.directory_genre_add(_artist, private.directory_genre(new), 1);
  end if;
  if tg_op <> 'DELETE' then
    perform private.directory_fold(_artist);
  end if;
  return null;
end
$$;

create function private.directory_on_profile() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.artist_directory_counts d set name = private.directory_name(new.id), updated_at = now()
  where d.artist_id = new.id and d.name is distinct from private.directory_name(new.id);
  return null;
end
$$;

-- ------------------------------------------------------------------ the view
-- Released figures beyond the counters, one function per column so a query that reads only
-- names (followed_content) computes neither: genres, and items whose unlock date passed uncounted.
create function private.artist_directory_genres(p_artist uuid) returns text[]
language sql stable security definer set search_path = '' as $$
  select array(select x.genre from (
           select g.genre from private.directory_genres g where g.artist_id = p_artist and g.n > 0
           union
           select s.genre from private.directory_items s
           where s.artist_id = p_artist and not s.counted and s.release_at <= now() and s.genre <> ''
         ) x order by x.genre)
$$;

create function private.artist_directory_due_items(p_artist uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from private.directory_items s
  where s.artist_id = p_artist and not s.counted and s.release_at <= now()
$$;

create view public.artist_directory with (security_invoker = true) as
select d.artist_id, d.name, d.followers, d.plays, private.artist_directory_genres(d.artist_id) as genres,
       d.items + private.artist_directory_due_items(d.artist_id) as items, d.updated_at
from public.artist_directory_counts d
where d.listed;

comment on view public.artist_directory is
  'Per artist: name, followers, fans'' plays, released items and their genres (aggregates only).';

-- ------------------------------------------------------------------ privileges
revoke all on public.artist_directory from public, anon, authenticated;
grant select on public.artist_directory to authenticated, service_role;
revoke all on all tables in schema private from public, anon, authenticated;
revoke all on all functions in schema private from public, anon, authenticated;
grant execute on function private.artist_directory_genres(uuid), private.artist_directory_due_items(uuid)
  to authenticated, service_role;

-- ------------------------------------------------------------------ recount once
update public.artist_directory_counts set followers = 0, plays = 0, items = 0, updated_at = now();

insert into public.artist_directory_counts as d (artist_id, name, listed)
select distinct c.artist_id, private.directory_name(c.artist_id), true from public.content_items c
on conflict (artist_id) do update set listed = true;

insert into public.artist_directory_counts as d (artist_id, name, followers)
select f.artist_id, private.directory_name(f.artist_id), f.n
from (
  select (case when s.artist_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
               then s.artist_id end)::uuid as artist_id, count(*)::integer as n
  from public.subscriptions s where not s._deleted group by 1
) f
where exists (select 1 from auth.users u where u.id = f.artist_id)
on conflict (artist_id) do update set followers = excluded.followers;

insert into private.directory_items (item_id, artist_id, genre, release_at, counted)
select c.id, c.artist_id, private.directory_genre(c), private.directory_release_at(c),
       private.directory_release_at(c) <= now()
from public.content_items c where private.directory_release_at(c) is not null;

update public.artist_directory_counts d set items = x.n
from (select s.artist_id, count(*)::integer as n from private.directory_items s where s.counted group by 1) x
where x.artist_id = d.artist_id;

insert into private.directory_genres (artist_id, genre, n)
select s.artist_id, s.genre, count(*)::integer from private.directory_items s
where s.counted and s.genre <> '' group by 1, 2;

-- Plays so far: each fan's plays replayed in server order (_modified) through the same rule,
-- evaluated as that fan today, and the same window; the marks keep the last counted time.
do $$
declare
  _claims text := current_setting('request.jwt.claims', true);
  _fan uuid;
  _p record;
  _item uuid;
  _artist uuid;
  _last timestamptz;
  _n integer := 0;
begin
  for _fan in
    select distinct l.user_id from public.media_engagement_log l where l.event_type = 'track_played' and not l._deleted
  loop
    perform set_config('request.jwt.claims', json_build_object('sub', _fan, 'role', 'authenticated')::text, true);
    _item := null;
    for _p in
      select c.id, c.artist_id, l._modified
      from public.media_engagement_log l
      join public.content_items c on c.id = (case
        when coalesce(l.metadata ->> 'content_id', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        then l.metadata ->> 'content_id' end)::uuid
      where l.user_id = _fan and l.event_type = 'track_played' and not l._deleted
        and (not c._deleted or l._modified < c._modified) -- live then: deleted after the play
        and c.artist_id <> _fan and public.can_read_content(c)
      order by c.id, l._modified
    loop
      if _item is distinct from _p.id then
        if _item is not null then
          update public.artist_directory_counts d set plays = d.plays + _n where d.artist_id = _artist;
          insert into private.play_marks (fan_id, content_id, counted_at) values (_fan, _item, _last);
        end if;
        _item := _p.id;
        _artist := _p.artist_id;
        _last := _p._modified;
        _n := 1;
      elsif _p._modified >= _last + interval '30 minutes' then
        _last := _p._modified;
        _n := _n + 1;
      end if;
    end loop;
    if _item is not null then
      update public.artist_directory_counts d set plays = d.plays + _n where d.artist_id = _artist;
      insert into private.play_marks (fan_id, content_id, counted_at) values (_fan, _item, _last);
    end if;
  end loop;
  perform set_config('request.jwt.claims', coalesce(_claims, ''), true);
end
$$;

-- ------------------------------------------------------------------ from now on
create trigger directory_on_content after insert or update or delete on public.content_items
  for each row execute function private.directory_on_content();
create trigger directory_on_follow after insert or update or delete on public.subscriptions
  for each row execute function private.directory_on_follow();
create trigger directory_on_play after insert on public.media_engagement_log
  for each row execute function private.directory_on_play();
create trigger directory_on_profile after insert or update of display_name on public.profiles
  for each row execute function private.directory_on_profile();
