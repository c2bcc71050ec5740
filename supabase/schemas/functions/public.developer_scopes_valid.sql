CREATE OR REPLACE FUNCTION public.developer_scopes_valid(p_scopes text[])
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(cardinality(p_scopes), 0) >= 1
    and array_position(p_scopes, null) is null
    and p_scopes <@ (public.mediaid_scopes() || array['campaigns:read']::text[])
$function$;
