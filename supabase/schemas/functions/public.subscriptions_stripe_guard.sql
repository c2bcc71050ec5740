CREATE OR REPLACE FUNCTION public.subscriptions_stripe_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.stripe_subscription_id := null;
    new.stripe_status := null;
    new.current_period_end := null;
    new.cancel_at_period_end := false;
    new.stripe_synced_at := null;
    return new;
  end if;
  new.stripe_subscription_id := old.stripe_subscription_id;
  new.stripe_status := old.stripe_status;
  new.current_period_end := old.current_period_end;
  new.cancel_at_period_end := old.cancel_at_period_end;
  new.stripe_synced_at := old.stripe_synced_at;
  if old.stripe_status in ('active', 'trialing', 'past_due')
     and (new.tier is distinct from old.tier or new._deleted is distinct from old._deleted) then
    raise exception 'a paid subscription is changed or cancelled with Manage subscription' using errcode = '42501';
  end if;
  return new;
end
$function$;
