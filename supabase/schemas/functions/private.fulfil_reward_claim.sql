CREATE OR REPLACE FUNCTION private.fulfil_reward_claim()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _day public.daily_rewards;
  _offer public.reward_offers;
  _code text;
  _artist text;
  _tier integer;
begin
  select * into _day from public.daily_rewards r where r.fan_id = new.fan_id and r.day = new.day and not r._deleted;
  if _day.id is null or _day.source = 'sample' then
    return new; -- sample calendars (tests, demos) give nothing
  end if;
  if _day.campaign_id is not null then
    perform private.fulfil_campaign_claim(new.fan_id, _day);
    return new;
  end if;
  if _day.offer_id is null then
    -- Bucket's streak badge: an item in the locker
    insert into public.locker_items (id, fan_id, type, title, artist, description, rarity, is_new, publish_date, expires_at)
      values (new.fan_id::text || '|streak-' || _day.unlock_date, new.fan_id, 'bonus', _day.title, 'Bucket',
        format('Claimed on day %s of your Daily Rewards.', new.day), _day.rarity, true, current_date, now() + interval '30 days')
      on conflict (id) do nothing;
    return new;
  end if;

  insert into private.reward_offer_claims (offer_id, fan_id) values (_day.offer_id, new.fan_id)
    on conflict do nothing;
  if not found then
    raise exception 'You already claimed this reward' using errcode = '23505';
  end if;
  update public.reward_offers o set claimed_count = o.claimed_count + 1, updated_at = now()
    where o.id = _day.offer_id and not o._deleted and (o.quantity is null or o.claimed_count < o.quantity)
    returning * into _offer;
  if _offer.id is null then
    raise exception 'Day %: this reward ran out before your claim reached Bucket, so nothing was given', new.day
      using errcode = 'P0001';
  end if;
  if not _offer.platform_pool then
    select coalesce(max(s.fan_tier), 0) into _tier from public.subscriptions s
      where s.fan_id = new.fan_id and s.artist_id = _offer.artist_id::text and not s._deleted;
    if _tier < _offer.tier_required then
      raise exception 'Day %: this reward is for Tier %+ fans of the artist', new.day, _offer.tier_required
        using errcode = '42501';
    end if;
  end if;
  if _offer.kind = 'code' then
    update private.reward_codes c set fan_id = new.fan_id, claimed_at = now()
      where (c.offer_id, c.code) = (select f.offer_id, f.code from private.reward_codes f
                                    where f.offer_id = _offer.id and f.fan_id is null
                                    order by f.code limit 1 for update skip locked)
      returning c.code into _code;
    if _code is null then
      raise exception 'Day %: this reward ran out before your claim reached Bucket, so nothing was given', new.day
        using errcode = 'P0001';
    end if;
  end if;
  select coalesce(nullif(btrim(p.display_name), ''), 'An artist') into _artist from public.profiles p where p.id = _offer.artist_id;
  insert into public.locker_items (id, fan_id, type, title, artist, description, rarity, is_new, code_value,
      publish_date, expires_at)
    values (new.fan_id::text || '|reward-' || _offer.id, new.fan_id, case when _code is null then 'bonus' else 'code' end,
      _offer.title, coalesce(_artist, 'An artist'), _offer.description, _day.rarity, true, _code, current_date,
      greatest(_offer.ends_on + 30, current_date + 30)::timestamptz)
    on conflict (id) do nothing;
  if _code is not null then
    update public.daily_rewards r set description = format('Your code: %s. %s', _code, r.description), updated_at = now()
      where r.id = _day.id;
  end if;
  return new;
end
$function$;
