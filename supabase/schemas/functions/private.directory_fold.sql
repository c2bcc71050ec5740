CREATE OR REPLACE FUNCTION private.directory_fold(p_artist uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with due as (
    update private.directory_items s set counted = true
    where s.artist_id = p_artist and not s.counted and s.release_at <= now()
    returning s.genre
  ), genres as (
    insert into private.directory_genres as g (artist_id, genre, n)
    select p_artist, due.genre, count(*)::integer from due where due.genre <> '' group by due.genre
    on conflict (artist_id, genre) do update set n = g.n + excluded.n
  )
  update public.artist_directory_counts d set items = d.items + (select count(*)::integer from due)
  where d.artist_id = p_artist and exists (select 1 from due)
$function$;
