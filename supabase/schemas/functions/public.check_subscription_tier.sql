CREATE OR REPLACE FUNCTION public.check_subscription_tier()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if tg_op = 'INSERT' and new.tier <> 'free' then
    raise exception 'paid tiers are granted by the payment service' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and new.tier is distinct from old.tier
     and (case new.tier when 'tier1' then 1 when 'tier2' then 2 when 'tier3' then 3 else 0 end)
       > (case old.tier when 'tier1' then 1 when 'tier2' then 2 when 'tier3' then 3 else 0 end) then
    raise exception 'paid tiers are granted by the payment service' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and new.price > old.price then
    raise exception 'price is set by the payment service' using errcode = '42501';
  end if;
  return new;
end
$function$;
