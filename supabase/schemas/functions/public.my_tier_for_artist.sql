CREATE OR REPLACE FUNCTION public.my_tier_for_artist(p_artist text)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(max(private.held_tier(s.fan_tier, s.stripe_status, s.past_due_since)), 0)
  from public.subscriptions s
  where s.fan_id = (select auth.uid()) and s.artist_id = p_artist and not s._deleted
$function$;
