CREATE OR REPLACE FUNCTION public.subscriptions_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.price <> 0 then
      raise exception 'price is set by the payment service' using errcode = '42501';
    end if;
    return new; -- tier: check_subscription_tier refuses anything but free
  end if;
  if new.artist_id is distinct from old.artist_id or new.id is distinct from old.id then
    raise exception 'a subscription cannot move to another artist' using errcode = '42501';
  end if;
  if old._deleted and not new._deleted and new.tier <> 'free' then
    raise exception 'a cancelled paid subscription cannot be resumed here: follow again on the free tier'
      using errcode = '42501';
  end if;
  if new.tier = 'free' and old.tier <> 'free' then
    new.price := 0; -- stepping down to free ends the payment
  elsif new.price is distinct from old.price then
    raise exception 'price is set by the payment service' using errcode = '42501';
  end if;
  return new;
end
$function$;
