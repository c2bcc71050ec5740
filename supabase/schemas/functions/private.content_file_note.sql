CREATE OR REPLACE FUNCTION private.content_file_note(p_name text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.note from private.upload_checks u where u.name = p_name
$function$;
