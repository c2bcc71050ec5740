CREATE OR REPLACE FUNCTION private.accepted_content_type(p_type text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(p_type, '') ~ '^(audio|video|image)/[a-z0-9][a-z0-9.+-]*$'
      or p_type in ('application/pdf', 'text/plain', 'text/markdown')
$function$;
