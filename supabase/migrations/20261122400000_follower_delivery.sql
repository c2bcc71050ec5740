-- Artists reach fans (issue 13): follower delivery, the real-artist catalog and the artist's
-- real fan figures.
-- Invariants:
--  * Who may read a content row in full is decided ONLY by public.can_read_content(c) (the
--    security migrations own it); everything here asks it and never re-implements the rule.
--    A row the caller may not read shows its public fields only: id, artist, title, file type,
--    album and genre, is_public, tier required, unlock date, created_at — never the description,
--    file path, size or the rest of the metadata (so never a way to the object).
--  * followed_content is the fan's pull source for their followed artists' items. Its `_modified`
--    is greatest(content._modified, subscription._modified, unlock_date once passed), so a pull by
--    (_modified, id) also delivers the items that became visible without being modified: a follow
--    made after the items were written, a tier change (the subscription row changes) and an
--    unlock date passing (it becomes the row's checkpoint time as soon as it is <= now()).
--    Pulls only ever see values <= now(), so a later unlock is always after any checkpoint.
--  * An unfollow (subscription _deleted) turns that artist's rows into tombstones (_deleted).
--  * Catalog figures and overviews are security-definer functions returning aggregate or public
--    fields only; the artist's own figures answer for auth.uid() alone.

-- ------------------------------------------------------------------ followed content (pull)
create view public.followed_content with (security_barrier = true) as
select
  c.id,
  s.fan_id,
  c.artist_id,
  coalesce(nullif(p.display_name, ''), nullif(s.artist_name, ''), 'Artist ' || left(c.artist_id::text, 8)) as artist_name,
  c.title,
  case when r.readable then c.description end as description,
  case when r.readable then c.file_path end as file_path,
  c.file_type,
  case when r.readable then c.file_size end as file_size,
  case when r.readable then c.metadata
       else jsonb_strip_nulls(jsonb_build_object('album', c.metadata -> 'album', 'genre', c.metadata -> 'genre'))
  end as metadata,
  c.is_public,
  c.subscription_tier_required,
  c.unlock_date,
  c.created_at,
  s.tier as follower_tier,
  not r.readable as locked,
  greatest(c._modified, s._modified, case when c.unlock_date <= now() then c.unlock_date end) as _modified,
  (c._deleted or s._deleted) as _deleted
from public.subscriptions s
join public.content_items c on c.artist_id::text = s.artist_id
left join public.profiles p on p.id = c.artist_id
cross join lateral (select public.can_read_content(c) as readable) r
where s.fan_id = auth.uid();

comment on view public.followed_content is
  'A fan''s followed artists'' items (public fields when locked); pull by (_modified, id).';

revoke all on public.followed_content from anon, authenticated, public;
grant select on public.followed_content to authenticated;
grant all on public.followed_content to service_role;

-- ------------------------------------------------------------------ catalog (no account needed)
-- Artists with at least one live item: name, followers, item count, genres and the latest drop.
create function public.catalog_real_artists()
returns table (
  artist_id uuid,
  name text,
  followers bigint,
  items bigint,
  genres text[],
  latest_title text,
  latest_type text,
  latest_at timestamptz
)
language sql stable security definer set search_path = public as $$
  select c.artist_id,
         coalesce(nullif(p.display_name, ''), 'Artist ' || left(c.artist_id::text, 8)),
         (select count(*) from public.subscriptions s where s.artist_id = c.artist_id::text and not s._deleted),
         count(*),
         coalesce(array_agg(distinct c.metadata ->> 'genre') filter (where coalesce(c.metadata ->> 'genre', '') <> ''), '{}'),
         (array_agg(c.title order by c.created_at desc, c.id))[1],
         (array_agg(c.file_type order by c.created_at desc, c.id))[1],
         max(c.created_at)
  from public.content_items c
  left join public.profiles p on p.id = c.artist_id
  where not c._deleted
  group by c.artist_id, p.display_name
  order by max(c.created_at) desc, c.artist_id
$$;

-- One artist's live items as the caller may see them (the fan view of the bucket browser).
create function public.artist_content_overview(p_artist uuid)
returns table (
  id uuid,
  artist_id uuid,
  title text,
  description text,
  file_path text,
  file_type text,
  file_size bigint,
  metadata jsonb,
  is_public boolean,
  subscription_tier_required text,
  unlock_date timestamptz,
  created_at timestamptz,
  locked boolean
)
language sql stable security definer set search_path = public as $$
  select c.id, c.artist_id, c.title,
         case when r.readable then c.description end,
         case when r.readable then c.file_path end,
         c.file_type,
         case when r.readable then c.file_size end,
         case when r.readable then c.metadata
              else jsonb_strip_nulls(jsonb_build_object('album', c.metadata -> 'album', 'genre', c.metadata -> 'genre'))
         end,
         c.is_public, c.subscription_tier_required, c.unlock_date, c.created_at,
         not r.readable
  from public.content_items c
  cross join lateral (select public.can_read_content(c) as readable) r
  where c.artist_id = p_artist and not c._deleted
  order by c.created_at desc, c.id
$$;

-- ------------------------------------------------------------------ the artist's real figures
-- Followers (live subscriptions to the caller) and plays (fans' 'track_played' events naming the
-- caller's items). Answers for auth.uid() only; no fan is identified.
create function public.artist_fan_stats()
returns table (followers bigint, plays bigint)
language sql stable security definer set search_path = public as $$
  select
    (select count(*) from public.subscriptions s
      where s.artist_id = auth.uid()::text and not s._deleted),
    (select count(*) from public.media_engagement_log l
      join public.content_items c on c.id::text = l.metadata ->> 'content_id'
      where l.event_type = 'track_played' and c.artist_id = auth.uid() and not l._deleted)
  where auth.uid() is not null
$$;

revoke all on function public.catalog_real_artists(), public.artist_content_overview(uuid),
  public.artist_fan_stats() from public, anon, authenticated;
grant execute on function public.catalog_real_artists(), public.artist_content_overview(uuid)
  to anon, authenticated, service_role;
grant execute on function public.artist_fan_stats() to authenticated, service_role;

create index subscriptions_artist_id_idx on public.subscriptions (artist_id);
