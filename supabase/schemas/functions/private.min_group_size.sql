CREATE OR REPLACE FUNCTION private.min_group_size()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  -- The privacy threshold of brand figures: a count about fewer fans (or redemptions) than this
  -- is answered as null, and a region smaller than this is not listed. Every brand-facing
  -- function reads it here; brand_campaign_analytics() tells the dashboard as suppressed_under.
  select 10
$function$;
