CREATE OR REPLACE FUNCTION private.artist_directory_genres(p_artist uuid)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select array(select x.genre from (
           select g.genre from private.directory_genres g where g.artist_id = p_artist and g.n > 0
           union
           select s.genre from private.directory_items s
           where s.artist_id = p_artist and not s.counted and s.release_at <= now() and s.genre <> ''
         ) x order by x.genre)
$function$;
