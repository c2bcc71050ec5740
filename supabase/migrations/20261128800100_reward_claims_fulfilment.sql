-- Claiming a reward does the real thing, and artists put rewards up (issue 40 items 1, 2, 6).
-- Invariants:
--   * A claim (reward_claims insert, through REST or sync_push, online or replayed from a
--     device's outbox) is checked by check_reward_claim (own row by RLS, day in the calendar, not
--     locked, once per day by the key) and then fulfilled in the same statement by
--     private.fulfil_reward_claim: an offer is given to a fan once (private.reward_offer_claims),
--     at most `quantity` times (claimed_count is raised by one guarded UPDATE that locks the
--     offer row, so concurrent claims queue on it and see each other's counts), only at the tier
--     it needs (or to anyone when it is in the platform pool), and a code is reserved for exactly
--     one fan. The fan gets the reward as a row of their Daily Locker (locker_items), and a code
--     is written into their day's description. Any refusal raises: the claim is not stored,
--     nothing is counted, and the device's outbox gets the message (sync_push per row).
--   * put_up_reward() is the only way to create an offer: the caller must hold the artist role,
--     an item may name only the caller's own content, quantities are positive, dates are today
--     or later and span at most 90 days, codes are 1-10,000 distinct strings. It fills the
--     calendars of the artist's followers at once.
--   * my_reward_offers() answers the caller's offers with their claim counts: never who claimed.

create function private.fulfil_reward_claim() returns trigger
language plpgsql security definer set search_path = '' as $$
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
$$;
create trigger fulfil_reward_claim after insert on public.reward_claims
  for each row execute function private.fulfil_reward_claim();
revoke all on function private.fulfil_reward_claim() from public, anon, authenticated;

-- ------------------------------------------------------------------ artists
create function public.put_up_reward(p_kind text, p_title text, p_description text, p_tier integer,
  p_quantity integer, p_starts_on date, p_ends_on date, p_platform_pool boolean default false,
  p_codes text[] default null, p_content_id uuid default null) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  _me uuid := (select auth.uid());
  _codes text[];
  _id uuid;
  _fan text;
begin
  perform private.refuse_app_token();
  if _me is null or not public.holds_role(_me, 'artist') then
    raise exception 'Only artists can put up rewards' using errcode = '42501';
  end if;
  if p_kind is null or p_kind not in ('code', 'item') then
    raise exception 'A reward is a code or an item' using errcode = '22023';
  end if;
  if p_starts_on is null or p_ends_on is null or p_starts_on < current_date or p_ends_on < p_starts_on
     or p_ends_on > p_starts_on + 90 then
    raise exception 'Pick days from today on, at most 90 days long' using errcode = '22023';
  end if;
  if p_quantity is not null and p_quantity < 1 then
    raise exception 'How many must be at least 1' using errcode = '22023';
  end if;
  if p_kind = 'code' then
    select coalesce(array_agg(distinct btrim(c)), '{}') into _codes from unnest(p_codes) c where btrim(c) <> '';
    if cardinality(_codes) = 0 or cardinality(_codes) > 10000 then
      raise exception 'Add between 1 and 10,000 codes' using errcode = '22023';
    end if;
    if exists (select 1 from unnest(_codes) c where char_length(c) > 64) then
      raise exception 'A code is at most 64 characters' using errcode = '22023';
    end if;
    if p_quantity is not null and p_quantity <> cardinality(_codes) then
      raise exception 'A code reward gives one code per fan: how many is the number of codes' using errcode = '22023';
    end if;
  elsif p_codes is not null and cardinality(p_codes) > 0 then
    raise exception 'Codes belong to a code reward' using errcode = '22023';
  end if;
  if p_content_id is not null and not exists (
      select 1 from public.content_items c where c.id = p_content_id and c.artist_id = _me and not c._deleted) then
    raise exception 'You can only offer your own items' using errcode = '42501';
  end if;
  insert into public.reward_offers (artist_id, kind, title, description, content_id, tier_required, quantity,
      starts_on, ends_on, platform_pool)
    values (_me, p_kind, btrim(p_title), coalesce(btrim(p_description), ''), case when p_kind = 'item' then p_content_id end,
      coalesce(p_tier, 0), case when p_kind = 'code' then cardinality(_codes) else p_quantity end,
      p_starts_on, p_ends_on, coalesce(p_platform_pool, false))
    returning id into _id;
  if p_kind = 'code' then
    insert into private.reward_codes (offer_id, code) select _id, c from unnest(_codes) c;
  end if;
  -- in fan order, as every fill locks one fan at a time: two artists putting up rewards never deadlock
  for _fan in select s.fan_id::text from public.subscriptions s where s.artist_id = _me::text and not s._deleted
      order by s.fan_id loop
    perform private.fill_reward_calendar(_fan::uuid);
  end loop;
  return _id;
end
$$;

create function public.my_reward_offers() returns table (id uuid, kind text, title text, description text,
  tier_required integer, quantity integer, claimed_count integer, codes_left integer, starts_on date, ends_on date,
  platform_pool boolean, created_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select private.refuse_app_token();
  select o.id, o.kind, o.title, o.description, o.tier_required, o.quantity, o.claimed_count,
    case when o.kind = 'code' then (select count(*)::integer from private.reward_codes c
                                    where c.offer_id = o.id and c.fan_id is null) end,
    o.starts_on, o.ends_on, o.platform_pool, o.created_at
  from public.reward_offers o
  where o.artist_id = (select auth.uid()) and not o._deleted
  order by o.created_at desc
$$;

revoke all on function public.put_up_reward(text, text, text, integer, integer, date, date, boolean, text[], uuid),
  public.my_reward_offers() from public, anon;
grant execute on function public.put_up_reward(text, text, text, integer, integer, date, date, boolean, text[], uuid),
  public.my_reward_offers() to authenticated, service_role;
