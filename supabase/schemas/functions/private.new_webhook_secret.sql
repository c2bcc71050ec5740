CREATE OR REPLACE FUNCTION private.new_webhook_secret()
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select 'whsec_' || encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64')
$function$;
