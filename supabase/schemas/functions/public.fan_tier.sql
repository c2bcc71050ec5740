CREATE OR REPLACE FUNCTION public.fan_tier(p_fan uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(max(private.held_tier(s.fan_tier, s.stripe_status, s.past_due_since)), 0)
  from public.subscriptions s where s.fan_id = p_fan and not s._deleted
$function$;
