CREATE OR REPLACE FUNCTION public.mediaid_scopes()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select array['media:read', 'media:write', 'preferences:read', 'preferences:write',
    'events:read', 'events:write', 'analytics:read']::text[]
$function$;
