CREATE OR REPLACE FUNCTION private.directory_name(p_artist uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.artist_public_name(p_artist)
$function$;
