CREATE OR REPLACE FUNCTION public.stripe_end_access(p_charge_id text, p_reason text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _paid private.stripe_payments;
begin
  if p_reason is null or p_reason not in ('refunded', 'disputed') then
    raise exception 'stripe_end_access: reason must be refunded or disputed' using errcode = '22023';
  end if;
  select * into _paid from private.stripe_payments p where p.charge_id = p_charge_id;
  if _paid.charge_id is null then
    return null;
  end if;
  -- an upsert: the dispute of a first payment can be told before the subscription's own events
  insert into public.subscriptions as s (fan_id, artist_id, tier, price, stripe_subscription_id, access_ended_reason,
      _deleted)
    values (_paid.fan_id, _paid.artist_id::text, 'free', 0, _paid.subscription_id, p_reason, false)
    on conflict (fan_id, artist_id) do update set
      tier = 'free', price = 0, stripe_subscription_id = excluded.stripe_subscription_id,
      access_ended_reason = excluded.access_ended_reason, updated_at = now()
    where (s.stripe_subscription_id is null or s.stripe_subscription_id = excluded.stripe_subscription_id)
      and (s.tier <> 'free' or s.access_ended_reason is null or s.access_ended_reason not in ('refunded', 'disputed'));
  return _paid.subscription_id;
end
$function$;
