CREATE OR REPLACE FUNCTION private.fill_reward_calendar(p_fan uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
