CREATE OR REPLACE FUNCTION private.artist_directory_due_items(p_artist uuid)
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select count(*)::integer from private.directory_items s
  where s.artist_id = p_artist and not s.counted and s.release_at <= now()
$function$;
