CREATE OR REPLACE FUNCTION public.content_tier_rank(p_tier text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case p_tier when 'tier1' then 1 when 'tier2' then 2 when 'tier3' then 3 else 0 end
$function$;
