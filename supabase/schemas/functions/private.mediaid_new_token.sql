CREATE OR REPLACE FUNCTION private.mediaid_new_token(p_prefix text)
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select p_prefix || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
$function$;
