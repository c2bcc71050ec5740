CREATE OR REPLACE FUNCTION private.mediaid_hash(p_token text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
$function$;
