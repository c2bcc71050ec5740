-- Campaign codes reach only eligible, consenting fans (issue 40 items 3 and 6).
-- Invariants:
--   * A fan may receive brand offers when their fan MediaID is active and its privacy switch
--     marketing_communications ("Updates/Marketing Communications") is on; it is off by default.
--     private.brand_offers_allowed(fan) is the one rule, read when a calendar is filled and again
--     when a day is claimed.
--   * A campaign matches a fan when its genre filter is empty or meets the fan's MediaID genres or
--     a followed artist's genres, and its followers filter is 0 or the fan follows an artist with at
--     least that many followers. It is put on a day of the fan's calendar (source 'brand',
--     campaign_id, brand_name) when the day lies within the campaign's dates, codes and budget are
--     left, and the fan neither has it on another day nor claimed it; at most one brand day per
--     calendar week. An artist the fan follows still comes first; a brand day comes before the
--     platform pool and Bucket's badges.
--   * The fill (private.fill_reward_calendar, redefined here from 20261128800000 with the brand
--     source added) keeps its rules: only future unclaimed days change, (fan_id, day) keeps one
--     row per day, the fan's private.reward_calendars row orders concurrent fills. One exception:
--     a brand day the fan can no longer receive (brand offers turned off) is replaced even today.
--   * It also runs when a fan's MediaID changes (privacy switches, genres) and when a brand adds
--     codes to a campaign (for consenting fans, in fan order like every multi-fan fill).

alter table public.daily_rewards drop constraint daily_rewards_source_check;
alter table public.daily_rewards
  add constraint daily_rewards_source_check check (source in ('sample', 'platform', 'artist', 'brand')),
  add column campaign_id uuid references public.brand_campaigns (id) on delete set null;
create index daily_rewards_campaign_idx on public.daily_rewards (campaign_id) where campaign_id is not null;

-- Who got which code: never readable by an API role. One claim per fan and campaign, one fan per code.
create table private.campaign_claims (
  campaign_id uuid not null references public.brand_campaigns (id) on delete cascade,
  fan_id uuid not null references auth.users (id) on delete cascade,
  code_id bigint not null unique references public.campaign_codes (id) on delete cascade,
  claimed_at timestamptz not null default now(),
  primary key (campaign_id, fan_id)
);
create index campaign_claims_time on private.campaign_claims (campaign_id, claimed_at);
revoke all on private.campaign_claims from public, anon, authenticated;
grant all on private.campaign_claims to service_role;

create function private.brand_offers_allowed(p_fan uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.media_ids m
    where m.user_uuid = p_fan and m.role = 'fan' and m.is_active and not m._deleted
      and coalesce((m.privacy_settings ->> 'marketing_communications')::boolean, false))
$$;

-- The campaign for this day of the fan's calendar, if any (the fan's consent is checked by the caller).
create function private.campaign_for_day(p_fan uuid, p_day integer, p_date date)
returns table (campaign_id uuid, title text, brand_name text, cultural_context text)
language sql stable security definer set search_path = '' as $$
  select c.id, c.title, c.brand_name, c.cultural_context
  from public.brand_campaigns c
  where p_date between c.starts_on and c.ends_on
    and c.brand_id <> p_fan
    and c.claimed_count < c.code_count
    and c.spent_cents + c.payout_per_code_cents <= c.budget_cents
    and (cardinality(c.genres) = 0
         or exists (select 1 from public.media_ids m where m.user_uuid = p_fan and m.role = 'fan'
                    and not m._deleted and m.genre_preferences && c.genres)
         or exists (select 1 from public.subscriptions s join public.artist_profiles a on a.artist_id::text = s.artist_id
                    where s.fan_id = p_fan and not s._deleted and a.genres && c.genres))
    and (c.min_followers = 0
         or exists (select 1 from public.subscriptions s
                    join public.artist_directory_counts d on d.artist_id::text = s.artist_id
                    where s.fan_id = p_fan and not s._deleted and d.followers >= c.min_followers))
    and not exists (select 1 from public.daily_rewards r
                    where r.fan_id = p_fan and not r._deleted and r.day <> p_day
                      and (r.campaign_id = c.id or (r.source = 'brand' and (r.day - 1) / 7 = (p_day - 1) / 7)))
    and not exists (select 1 from private.campaign_claims x where x.campaign_id = c.id and x.fan_id = p_fan)
  order by c.starts_on, c.created_at, c.id
  limit 1
$$;


-- ------------------------------------------------------------------ the calendar, with brand days
create or replace function private.fill_reward_calendar(p_fan uuid) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  _start date;
  _day integer;
  _date date;
  _pick record;
  _brand record;
  _consent boolean;
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
  _consent := private.brand_offers_allowed(p_fan);
  for _day in 1..30 loop
    _date := _start + _day - 1;
    -- what the fan may already have seen or claimed stays as it is, except a brand day they turned off
    continue when _date <= current_date
      and exists (select 1 from public.daily_rewards r where r.fan_id = p_fan and r.day = _day and not r._deleted
                  and (_consent or r.campaign_id is null));
    continue when exists (select 1 from public.reward_claims c where c.fan_id = p_fan and c.day = _day and not c._deleted);
    select * into _pick from private.reward_for_day(p_fan, _day, _date);
    select null::uuid campaign_id, null::text title, null::text brand_name, null::text cultural_context into _brand;
    if _consent and (_pick.offer_id is null or not _pick.followed) then
      select * into _brand from private.campaign_for_day(p_fan, _day, _date);
    end if;
    if _brand.campaign_id is not null then
      insert into public.daily_rewards as r (id, fan_id, day, type, rarity, title, artist, description, thumbnail,
          brand_name, streak_bonus, unlock_date, unlocked_early, source, offer_id, campaign_id)
      values (p_fan::text || '|' || _day, p_fan, _day, 'code', 'epic', _brand.title, _brand.brand_name,
        btrim(format('Brand offer from %s, because you turned brand offers on — a code reserved for you when you claim. %s',
          _brand.brand_name, _brand.cultural_context)),
        '', _brand.brand_name, _day % 7 = 0, _date, false, 'brand', null, _brand.campaign_id)
      on conflict (fan_id, day) do update set
        type = excluded.type, rarity = excluded.rarity, title = excluded.title, artist = excluded.artist,
        description = excluded.description, brand_name = excluded.brand_name, streak_bonus = excluded.streak_bonus,
        unlock_date = excluded.unlock_date, source = excluded.source, offer_id = null,
        campaign_id = excluded.campaign_id, unlocked_early = false, _deleted = false, updated_at = now()
      where r._deleted or (r.source <> 'sample' and r.unlock_date > current_date
          and (r.campaign_id is distinct from excluded.campaign_id or r.title is distinct from excluded.title
               or r.description is distinct from excluded.description));
      get diagnostics _n = row_count;
      _written := _written + _n;
      continue;
    end if;
    insert into public.daily_rewards as r (id, fan_id, day, type, rarity, title, artist, description, thumbnail,
        brand_name, streak_bonus, unlock_date, unlocked_early, source, offer_id, campaign_id)
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
      case when _pick.offer_id is null or not _pick.followed then 'platform' else 'artist' end, _pick.offer_id, null)
    on conflict (fan_id, day) do update set
      type = excluded.type, rarity = excluded.rarity, title = excluded.title, artist = excluded.artist,
      description = excluded.description, streak_bonus = excluded.streak_bonus, unlock_date = excluded.unlock_date,
      source = excluded.source, offer_id = excluded.offer_id, campaign_id = null, brand_name = null,
      unlocked_early = false, _deleted = false, updated_at = now()
    where r._deleted or (r.source <> 'sample'
        and (r.unlock_date > current_date or (r.campaign_id is not null and not _consent))
        and (r.offer_id is distinct from excluded.offer_id or r.title is distinct from excluded.title
             or r.description is distinct from excluded.description or r.campaign_id is not null));
    get diagnostics _n = row_count;
    _written := _written + _n;
  end loop;
  return _written;
end
$$;

-- A fan's MediaID changing (brand offers switched, genres) refills their calendar.
create function private.fill_reward_calendar_on_mediaid() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.role = 'fan' and (tg_op = 'INSERT' or new.privacy_settings is distinct from old.privacy_settings
      or new.genre_preferences is distinct from old.genre_preferences or new._deleted is distinct from old._deleted
      or new.is_active is distinct from old.is_active) then
    perform private.fill_reward_calendar(new.user_uuid);
  end if;
  return new;
end
$$;
create trigger fill_reward_calendar after insert or update on public.media_ids
  for each row execute function private.fill_reward_calendar_on_mediaid();

-- Codes added to a campaign: consenting fans' calendars are filled (in fan order: no deadlocks).
create function private.fill_calendars_for_campaign_codes() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _fan uuid;
begin
  for _fan in select m.user_uuid from public.media_ids m
      where m.role = 'fan' and m.is_active and not m._deleted
        and coalesce((m.privacy_settings ->> 'marketing_communications')::boolean, false)
        and exists (select 1 from new_codes n join public.brand_campaigns c on c.id = n.campaign_id
                    where c.starts_on <= current_date + 29 and c.brand_id <> m.user_uuid)
      order by m.user_uuid loop
    perform private.fill_reward_calendar(_fan);
  end loop;
  return null;
end
$$;
create trigger fill_calendars_for_campaign_codes after insert on public.campaign_codes
  referencing new table as new_codes for each statement execute function private.fill_calendars_for_campaign_codes();

revoke all on function private.brand_offers_allowed(uuid), private.campaign_for_day(uuid, integer, date),
  private.fill_reward_calendar_on_mediaid(), private.fill_calendars_for_campaign_codes()
  from public, anon, authenticated;
