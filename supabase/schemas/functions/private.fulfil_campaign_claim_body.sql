CREATE OR REPLACE FUNCTION private.fulfil_campaign_claim_body(p_fan uuid, p_day public.daily_rewards)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _c public.brand_campaigns;
  _code_id bigint;
  _code text;
begin
  if not private.brand_offers_allowed(p_fan) then
    raise exception 'Day %: you turned brand offers off in your MediaID, so no code was given', p_day.day
      using errcode = '42501';
  end if;
  if exists (select 1 from private.campaign_claims x where x.campaign_id = p_day.campaign_id and x.fan_id = p_fan) then
    raise exception 'You already claimed this reward' using errcode = '23505';
  end if;
  update public.brand_campaigns c
    set claimed_count = c.claimed_count + 1, spent_cents = c.spent_cents + c.payout_per_code_cents
    where c.id = p_day.campaign_id and c.claimed_count < c.code_count
      and c.spent_cents + c.payout_per_code_cents <= c.budget_cents
    returning * into _c;
  if _c.id is null then
    raise exception 'Day %: this reward ran out before your claim reached Bucket, so nothing was given', p_day.day
      using errcode = 'P0001';
  end if;
  update public.campaign_codes k set taken = true
    where k.id = (select f.id from public.campaign_codes f where f.campaign_id = _c.id and not f.taken
                  order by f.id limit 1 for update skip locked)
    returning k.id, k.code into _code_id, _code;
  if _code_id is null then
    raise exception 'Day %: this reward ran out before your claim reached Bucket, so nothing was given', p_day.day
      using errcode = 'P0001';
  end if;
  insert into private.campaign_claims (campaign_id, fan_id, code_id) values (_c.id, p_fan, _code_id)
    on conflict do nothing;
  if not found then
    raise exception 'You already claimed this reward' using errcode = '23505';
  end if;
  insert into public.locker_items (id, fan_id, type, title, artist, description, rarity, is_new, code_value, brand_name,
      publish_date, expires_at)
    values (p_fan::text || '|campaign-' || _c.id, p_fan, 'code', _c.title, _c.brand_name,
      btrim(format('A code from %s. %s', _c.brand_name, _c.cultural_context)), p_day.rarity, true, _code, _c.brand_name,
      current_date, greatest(_c.ends_on + 30, current_date + 30)::timestamptz)
    on conflict (id) do nothing;
  update public.daily_rewards r set description = format('Your code: %s. %s', _code, r.description), updated_at = now()
    where r.id = p_day.id;
end
$function$;
