-- Artists reach fans (issue 13): follower delivery and the public artist directory.
-- Builds on the content entitlements (20261122100200): who may read a content row in full is
-- public.can_read_content(), enforced by content_items' RLS; public.content_previews holds the
-- public fields of every row. Nothing here re-implements the rule or bypasses RLS.
-- Invariants:
--  * followed_content is a SECURITY INVOKER view: the caller's own live and removed follows
--    (subscriptions RLS) × the followed artists' previews, with the full row's private fields
--    only where content_items' RLS lets the caller read it (`locked` = it does not).
--    Its `_modified` is greatest(preview._modified, subscription._modified, unlock_date once
--    passed), so a pull by (_modified, id) also delivers rows that became readable without being
--    modified — the checkpoint trap: a follow made after the items were written, a tier change
--    (the subscription row changes) and an unlock date passing (it becomes the row's checkpoint
--    time as soon as it is <= now(); a pull only ever sees values <= now(), so a later unlock is
--    always after any checkpoint). An unfollow turns that artist's rows into tombstones.
--  * artist_directory: one row per artist with live content — display name, follower count,
--    play count, genres — readable by every signed-in user (aggregates only, no fan is named);
--    written only by the security-definer triggers below, which no API role may execute.
--  * a play is a media_engagement_log row with event_type 'track_played' and metadata.content_id;
--    it counts for the artist who owns that content row (never for a name the client sends).

-- ------------------------------------------------------------------ artist directory
create table public.artist_directory (
  artist_id uuid primary key references auth.users (id) on delete cascade,
  name text not null default '',
  followers integer not null default 0,
  plays integer not null default 0,
  genres text[] not null default '{}',
  items integer not null default 0,
  updated_at timestamptz not null default now()
);

alter table public.artist_directory enable row level security;
revoke all on public.artist_directory from public, anon, authenticated;
grant select on public.artist_directory to authenticated;
grant all on public.artist_directory to service_role;
create policy artist_directory_read on public.artist_directory for select to authenticated using (true);

-- Recomputes one artist's row from the source tables (idempotent).
create function public.artist_directory_refresh(p_artist uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p_artist is null then
    return;
  end if;
  insert into public.artist_directory as d (artist_id, name, followers, plays, genres, items, updated_at)
  select p_artist,
         coalesce((select nullif(pr.display_name, '') from public.profiles pr where pr.id = p_artist),
                  'Artist ' || left(p_artist::text, 8)),
         (select count(*) from public.subscriptions s where s.artist_id = p_artist::text and not s._deleted),
         (select count(*) from public.media_engagement_log l
            join public.content_items c on c.id::text = l.metadata ->> 'content_id'
           where l.event_type = 'track_played' and c.artist_id = p_artist and not l._deleted),
         coalesce((select array_agg(distinct c.metadata ->> 'genre') from public.content_items c
                    where c.artist_id = p_artist and not c._deleted
                      and coalesce(c.metadata ->> 'genre', '') <> ''), '{}'),
         (select count(*) from public.content_items c where c.artist_id = p_artist and not c._deleted),
         now()
  where exists (select 1 from auth.users u where u.id = p_artist)
  on conflict (artist_id) do update set
    name = excluded.name, followers = excluded.followers, plays = excluded.plays,
    genres = excluded.genres, items = excluded.items, updated_at = excluded.updated_at;
end
$$;

create function public.artist_directory_on_content() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.artist_directory_refresh(new.artist_id);
  return null;
end
$$;

create function public.artist_directory_on_subscription() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- Sample subscriptions name no real artist ('bti', …): only uuids of real accounts count.
  if new.artist_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and exists (select 1 from public.artist_directory d where d.artist_id = new.artist_id::uuid) then
    perform public.artist_directory_refresh(new.artist_id::uuid);
  end if;
  return null;
end
$$;

create function public.artist_directory_on_play() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _artist uuid;
begin
  if new.event_type = 'track_played' then
    select c.artist_id into _artist from public.content_items c where c.id::text = new.metadata ->> 'content_id';
    if _artist is not null then
      update public.artist_directory d set plays = d.plays + 1, updated_at = now() where d.artist_id = _artist;
    end if;
  end if;
  return null;
end
$$;

create function public.artist_directory_on_profile() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.display_name is distinct from old.display_name then
    perform public.artist_directory_refresh(new.id)
      from public.artist_directory d where d.artist_id = new.id;
  end if;
  return null;
end
$$;

create trigger artist_directory_on_content after insert or update on public.content_items
  for each row execute function public.artist_directory_on_content();
create trigger artist_directory_on_subscription after insert or update on public.subscriptions
  for each row execute function public.artist_directory_on_subscription();
create trigger artist_directory_on_play after insert on public.media_engagement_log
  for each row execute function public.artist_directory_on_play();
create trigger artist_directory_on_profile after update on public.profiles
  for each row execute function public.artist_directory_on_profile();

revoke all on function public.artist_directory_refresh(uuid), public.artist_directory_on_content(),
  public.artist_directory_on_subscription(), public.artist_directory_on_play(),
  public.artist_directory_on_profile() from public, anon, authenticated;

-- Existing artists (idempotent).
select public.artist_directory_refresh(a.artist_id)
from (select distinct artist_id from public.content_items where not _deleted) a;

-- ------------------------------------------------------------------ followed content (pull)
create view public.followed_content with (security_invoker = true, security_barrier = true) as
select
  p.id,
  s.fan_id,
  p.artist_id,
  coalesce(nullif(d.name, ''), s.artist_name) as artist_name,
  p.title,
  c.description,
  c.file_path,
  p.file_type,
  c.file_size,
  coalesce(c.metadata, '{}'::jsonb) as metadata,
  p.is_public,
  p.subscription_tier_required,
  p.unlock_date,
  p.created_at,
  s.tier as follower_tier,
  c.id is null as locked,
  greatest(p._modified, s._modified, case when p.unlock_date <= now() then p.unlock_date end) as _modified,
  (p._deleted or s._deleted) as _deleted
from public.subscriptions s
join public.content_previews p on p.artist_id::text = s.artist_id
left join public.content_items c on c.id = p.id and not c._deleted
left join public.artist_directory d on d.artist_id = p.artist_id
where s.fan_id = (select auth.uid());

comment on view public.followed_content is
  'A fan''s followed artists'' items (private fields only where RLS allows); pull by (_modified, id).';

revoke all on public.followed_content from public, anon, authenticated;
grant select on public.followed_content to authenticated;
grant all on public.followed_content to service_role;


create index subscriptions_artist_id_idx on public.subscriptions (artist_id);
