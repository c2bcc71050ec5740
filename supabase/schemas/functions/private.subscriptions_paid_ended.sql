CREATE OR REPLACE FUNCTION private.subscriptions_paid_ended()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if public.is_api_caller() then
    new.paid_ended_at := case when tg_op = 'UPDATE' then old.paid_ended_at else null end;
    return new;
  end if;
  if new.tier <> 'free' then
    new.paid_ended_at := null;
  elsif tg_op = 'UPDATE' and old.tier <> 'free' and new.stripe_subscription_id is not null then
    new.paid_ended_at := now();
  end if;
  return new;
end
$function$;
