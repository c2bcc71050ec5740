CREATE OR REPLACE FUNCTION public.my_reward_offers()
 RETURNS TABLE(id uuid, kind text, title text, description text, tier_required integer, quantity integer, claimed_count integer, codes_left integer, starts_on date, ends_on date, platform_pool boolean, created_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.refuse_app_token();
  select o.id, o.kind, o.title, o.description, o.tier_required, o.quantity, o.claimed_count,
    case when o.kind = 'code' then (select count(*)::integer from private.reward_codes c
                                    where c.offer_id = o.id and c.fan_id is null) end,
    o.starts_on, o.ends_on, o.platform_pool, o.created_at
  from public.reward_offers o
  where o.artist_id = (select auth.uid()) and not o._deleted
  order by o.created_at desc
$function$;
