-- Daily Rewards for real (issue 40 items 1, 2, 6): every fan's 30-day calendar is made by the
-- server from real sources only, and artists put up rewards for it.
-- Invariants:
--   * reward_offers is an artist's reward: a pool of codes (one per claimer, revealed only to
--     them) or an item for the locker, for fans at or above a tier, on dates starts_on..ends_on,
--     at most `quantity` claims (codes: the number of codes). Written only through
--     put_up_reward() (20261128800100); claimed_count is server-owned (no API role may write the
--     table). An artist reads only their own offers; fans never read the table.
--   * private.fill_reward_calendar(fan) writes the fan's 30 days from the date their calendar
--     starts (the sign-up date; accounts older than 30 days when this shipped: the day it did).
--     Day N unlocks on start + N - 1. Each day names its source (`source`, and `artist` says
--     whose): an offer of an artist the fan follows at a tier it needs, else an offer an artist
--     opted into the platform pool (tier 0, `platform_pool`), else Bucket's streak badge (an item
--     in the locker). An offer appears on at most one day of a fan's calendar and never once it
--     ran out. Only future, unclaimed days are rewritten; past and today's days stay as the fan
--     saw them. Idempotent: the (fan_id, day) key stops a second day-6 whatever runs at once, and
--     the fan's private.reward_calendars row (locked FOR UPDATE) orders concurrent fills.
--   * It runs on sign-up (auth.users trigger), on a follow, unfollow or tier change (subscriptions
--     trigger), when an artist puts up a reward (for that artist's followers) and, hosted, once a
--     day from pg_cron (private.refresh_reward_calendars) so platform-pool offers and new dates
--     reach fans who changed nothing. Sample calendars (generate_fan_sample, source 'sample',
--     tests and demos only) are left alone.

-- ------------------------------------------------------------------ tables
create table public.reward_offers (
  id uuid primary key default gen_random_uuid(),
  artist_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('code', 'item')),
  title text not null check (char_length(btrim(title)) between 1 and 80),
  description text not null default '' check (char_length(description) <= 500),
  content_id uuid references public.content_items (id) on delete set null, -- the artist's own item, for 'item'
  tier_required integer not null default 0 check (tier_required between 0 and 3),
  quantity integer check (quantity is null or quantity between 1 and 100000), -- null: unlimited items
  starts_on date not null,
  ends_on date not null,
  platform_pool boolean not null default false, -- also a platform streak reward for fans who do not follow
  claimed_count integer not null default 0 check (claimed_count >= 0 and (quantity is null or claimed_count <= quantity)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _deleted boolean not null default false,
  check (ends_on >= starts_on and ends_on <= starts_on + 90),
  check (kind = 'item' or quantity is not null),
  check (not platform_pool or tier_required = 0)
);
create index reward_offers_artist_idx on public.reward_offers (artist_id, created_at);
create index reward_offers_dates_idx on public.reward_offers (starts_on, ends_on) where not _deleted;

-- When each fan's calendar starts (one row per fan; its lock orders that fan's fills).
create table private.reward_calendars (
  fan_id uuid primary key references auth.users (id) on delete cascade,
  starts_on date not null
);

-- A code pool: never readable by an API role; a code is handed out to one fan only by a claim.
create table private.reward_codes (
  offer_id uuid not null references public.reward_offers (id) on delete cascade,
  code text not null check (char_length(code) between 1 and 64),
  fan_id uuid references auth.users (id) on delete set null,
  claimed_at timestamptz,
  primary key (offer_id, code)
);
create unique index reward_codes_one_per_fan on private.reward_codes (offer_id, fan_id) where fan_id is not null;
create index reward_codes_free on private.reward_codes (offer_id, code) where fan_id is null;

-- Who claimed which offer: once per fan and offer, whatever day or device the claim came from.
create table private.reward_offer_claims (
  offer_id uuid not null references public.reward_offers (id) on delete cascade,
  fan_id uuid not null references auth.users (id) on delete cascade,
  claimed_at timestamptz not null default now(),
  primary key (offer_id, fan_id)
);

alter table public.daily_rewards
  -- the default names the legacy sample generator's rows; the real fill always says its source
  add column source text not null default 'sample' check (source in ('sample', 'platform', 'artist')),
  add column offer_id uuid references public.reward_offers (id) on delete set null;
create index daily_rewards_offer_idx on public.daily_rewards (offer_id) where offer_id is not null;

-- ------------------------------------------------------------------ access
alter table public.reward_offers enable row level security;
select private.fence_table('public.reward_offers');
revoke all on public.reward_offers from public, anon, authenticated;
grant select on public.reward_offers to authenticated;
grant all on public.reward_offers to service_role;
create policy reward_offers_own on public.reward_offers for select to authenticated
  using (artist_id = (select auth.uid()));
revoke all on private.reward_calendars, private.reward_codes, private.reward_offer_claims
  from public, anon, authenticated;
grant all on private.reward_calendars, private.reward_codes, private.reward_offer_claims to service_role;

-- ------------------------------------------------------------------ one day's source
-- The best real reward for the fan on that date that is not already on another of their days.
create function private.reward_for_day(p_fan uuid, p_day integer, p_date date)
returns table (offer_id uuid, kind text, title text, description text, artist_name text, followed boolean,
  file_type text, quantity integer)
language sql stable security definer set search_path = '' as $$
  select o.id, o.kind, o.title, o.description,
    coalesce(nullif(btrim(p.display_name), ''), 'An artist'), s.id is not null, c.file_type, o.quantity
  from public.reward_offers o
  left join public.profiles p on p.id = o.artist_id
  left join public.content_items c on c.id = o.content_id and not c._deleted
  left join public.subscriptions s
    on s.fan_id = p_fan and s.artist_id = o.artist_id::text and not s._deleted
  where not o._deleted and p_date between o.starts_on and o.ends_on
    and o.artist_id <> p_fan
    and (o.quantity is null or o.claimed_count < o.quantity)
    and ((s.id is not null and s.fan_tier >= o.tier_required) or o.platform_pool)
    and not exists (select 1 from public.daily_rewards r
                    where r.fan_id = p_fan and r.offer_id = o.id and r.day <> p_day and not r._deleted)
    and not exists (select 1 from private.reward_offer_claims x where x.offer_id = o.id and x.fan_id = p_fan)
  order by (s.id is null), o.starts_on, o.created_at, o.id
  limit 1
$$;

-- ------------------------------------------------------------------ the calendar
create function private.fill_reward_calendar(p_fan uuid) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  _start date;
  _day integer;
  _date date;
  _pick record;
  _written integer := 0;
  _n integer;
begin
  insert into private.reward_calendars (fan_id, starts_on)
    select u.id, case when (u.created_at at time zone 'utc')::date >= current_date - 29
                      then (u.created_at at time zone 'utc')::date else current_date end
    from auth.users u where u.id = p_fan
    on conflict (fan_id) do nothing;
  select rc.starts_on into _start from private.reward_calendars rc where rc.fan_id = p_fan for update;
  if _start is null
     or exists (select 1 from public.daily_rewards r where r.fan_id = p_fan and r.source = 'sample' and not r._deleted) then
    return 0;
  end if;
  for _day in 1..30 loop
    _date := _start + _day - 1;
    -- what the fan may already have seen or claimed stays as it is
    continue when _date <= current_date
      and exists (select 1 from public.daily_rewards r where r.fan_id = p_fan and r.day = _day and not r._deleted);
    continue when exists (select 1 from public.reward_claims c where c.fan_id = p_fan and c.day = _day and not c._deleted);
    select * into _pick from private.reward_for_day(p_fan, _day, _date);
    insert into public.daily_rewards as r (id, fan_id, day, type, rarity, title, artist, description, thumbnail,
        brand_name, streak_bonus, unlock_date, unlocked_early, source, offer_id)
    values (p_fan::text || '|' || _day, p_fan, _day,
      case when _pick.offer_id is null then 'bonus' when _pick.kind = 'code' then 'code'
           when _pick.file_type like 'audio/%' then 'music' when _pick.file_type like 'video/%' then 'video' else 'bonus' end,
      case when _pick.offer_id is not null and _pick.quantity is not null then 'epic'
           when _pick.offer_id is not null then 'rare'
           when _day = 30 then 'legendary' when _day % 7 = 0 then 'epic' else 'common' end,
      coalesce(_pick.title, case when _day % 7 = 0 then format('%s-Day Streak Badge', _day) else format('Day %s Check-in Badge', _day) end),
      coalesce(_pick.artist_name, 'Bucket'),
      case
        when _pick.offer_id is null then
          format('Bucket streak reward: claim it to keep the day-%s badge in your Daily Locker.', _day)
        when _pick.followed then
          btrim(format('From %s, an artist you follow%s. %s', _pick.artist_name,
            case when _pick.kind = 'code' then ' — a code reserved for you when you claim' else '' end, _pick.description))
        else
          btrim(format('Bucket streak reward from %s%s. %s', _pick.artist_name,
            case when _pick.kind = 'code' then ' — a code reserved for you when you claim' else '' end, _pick.description))
      end,
      '', null, _day % 7 = 0, _date, false,
      case when _pick.offer_id is null or not _pick.followed then 'platform' else 'artist' end, _pick.offer_id)
    on conflict (fan_id, day) do update set
      type = excluded.type, rarity = excluded.rarity, title = excluded.title, artist = excluded.artist,
      description = excluded.description, streak_bonus = excluded.streak_bonus, unlock_date = excluded.unlock_date,
      source = excluded.source, offer_id = excluded.offer_id, unlocked_early = false, _deleted = false,
      updated_at = now()
    where r._deleted or (r.source <> 'sample' and r.unlock_date > current_date
        and (r.offer_id is distinct from excluded.offer_id or r.title is distinct from excluded.title
             or r.description is distinct from excluded.description));
    get diagnostics _n = row_count;
    _written := _written + _n;
  end loop;
  return _written;
end
$$;

-- Hosted: pg_cron runs this once a day (below), so fans who changed nothing get platform-pool
-- offers and artists' new dates; one fan at a time, each in its own short lock.
create function private.refresh_reward_calendars() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  _fan uuid;
  _count integer := 0;
begin
  for _fan in select u.id from auth.users u order by u.id loop
    perform private.fill_reward_calendar(_fan);
    _count := _count + 1;
  end loop;
  return _count;
end
$$;

create function private.fill_reward_calendar_on_signup() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.fill_reward_calendar(new.id);
  return new;
end
$$;
create trigger fill_reward_calendar after insert on auth.users
  for each row execute function private.fill_reward_calendar_on_signup();

create function private.fill_reward_calendar_on_follow() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' or new._deleted is distinct from old._deleted or new.tier is distinct from old.tier then
    perform private.fill_reward_calendar(new.fan_id);
  end if;
  return new;
end
$$;
create trigger fill_reward_calendar after insert or update on public.subscriptions
  for each row execute function private.fill_reward_calendar_on_follow();

revoke all on function private.reward_for_day(uuid, integer, date), private.fill_reward_calendar(uuid),
  private.refresh_reward_calendars(), private.fill_reward_calendar_on_signup(),
  private.fill_reward_calendar_on_follow()
  from public, anon, authenticated;
grant execute on function private.fill_reward_calendar(uuid), private.refresh_reward_calendars()
  to service_role;

-- Sample calendars stay the spec's sample: generate_fan_sample (service role, tests and demos)
-- replaces the real calendar a fan without claims got at sign-up; the cleanup of untouched
-- samples (20261127400000) never touches a real day.
alter function public.generate_fan_sample(uuid, timestamptz) rename to generate_fan_sample_rows;
create function public.generate_fan_sample(p_fan uuid, p_signed_up timestamptz) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.reward_claims c where c.fan_id = p_fan) then
    return; -- a fan who claimed anything keeps their calendar
  end if;
  delete from public.daily_rewards r where r.fan_id = p_fan and r.source <> 'sample';
  perform public.generate_fan_sample_rows(p_fan, p_signed_up); -- its rows take source 'sample' by default
end
$$;
revoke all on function public.generate_fan_sample(uuid, timestamptz), public.generate_fan_sample_rows(uuid, timestamptz)
  from public, anon, authenticated;
grant execute on function public.generate_fan_sample(uuid, timestamptz), public.generate_fan_sample_rows(uuid, timestamptz)
  to service_role;

create or replace function public.remove_untouched_fan_samples() returns table (
  subscriptions integer, claims integer, calendar_days integer, drops integer)
language plpgsql security definer set search_path = '' as $$
declare
  _subscriptions integer;
  _claims integer;
  _calendar integer;
  _drops integer;
begin
  update public.subscriptions s set _deleted = true, updated_at = now()
    where s.artist_id = 'bti' and s.tier = 'tier3' and s.price = 8 and not s._deleted;
  get diagnostics _subscriptions = row_count;

  update public.reward_claims c set _deleted = true, updated_at = now()
    from auth.users u
    where u.id = c.fan_id and not c._deleted and c.day between 1 and 5
      and c.claimed_at < u.created_at and not (c.reacted or c.saved or c.shared);
  get diagnostics _claims = row_count;

  update public.daily_rewards r set _deleted = true, updated_at = now()
    where not r._deleted and r.source = 'sample'
      and not exists (select 1 from public.reward_claims c where c.fan_id = r.fan_id and not c._deleted);
  get diagnostics _calendar = row_count;

  update public.locker_items i set _deleted = true, updated_at = now()
    where not i._deleted and i.fan_id is not null
      and i.id in (select i.fan_id::text || '|' || k from unnest(array['drop-static-bloom', 'drop-cathedral-fog',
        'drop-neon-merch-code', 'drop-paper-lungs-event', 'drop-rust-belt-demo', 'drop-shibuya-visual']) k)
      and not exists (select 1 from public.locker_interactions x where x.item_id = i.id and x.fan_id = i.fan_id)
      and not exists (select 1 from public.locker_comments m where m.item_id = i.id and m.fan_id = i.fan_id);
  get diagnostics _drops = row_count;

  return query select _subscriptions, _claims, _calendar, _drops;
end
$$;

-- ------------------------------------------------------------------ every account has one now
select count(private.fill_reward_calendar(u.id)) from auth.users u;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('reward-calendars', '5 0 * * *', 'select private.refresh_reward_calendars()');
  end if;
end
$$;
