CREATE OR REPLACE FUNCTION private.sync_release_due_now()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
 SET lock_timeout TO '100ms'
AS $function$
begin
  update public.content_items c set _released_for = c.unlock_date
  where c.id in (
    select d.id from public.content_items d
    where d.unlock_date is not null and d.unlock_date <= now() and d._released_for is distinct from d.unlock_date
    order by d.unlock_date
    limit 200
    for update skip locked);
  update public.subscriptions s
    set tier = 'free', price = 0, access_ended_reason = 'payment_failed', updated_at = now()
  where s.fan_id = (select auth.uid()) and s.stripe_status = 'past_due' and s.tier <> 'free'
    and private.held_tier(s.fan_tier, s.stripe_status, s.past_due_since) = 0;
end
$function$;
