CREATE OR REPLACE FUNCTION private.oauth_error(p_error text, p_description text)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('error', p_error, 'error_description', p_description)
$function$;
