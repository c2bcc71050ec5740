CREATE OR REPLACE FUNCTION public.put_up_reward(p_kind text, p_title text, p_description text, p_tier integer, p_quantity integer, p_starts_on date, p_ends_on date, p_platform_pool boolean DEFAULT false, p_codes text[] DEFAULT NULL::text[], p_content_id uuid DEFAULT NULL::uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _me uuid := (select auth.uid());
  _codes text[];
  _id uuid;
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
  -- the followers' calendars are filled by the calendar jobs, not in this request (it would grow with them)
  perform private.queue_calendar_job('artist_reward', _me);
  return _id;
end
$function$;
