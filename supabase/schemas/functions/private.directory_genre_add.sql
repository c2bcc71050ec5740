CREATE OR REPLACE FUNCTION private.directory_genre_add(p_artist uuid, p_genre text, p_delta integer)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if p_genre = '' or p_delta = 0 then
    return;
  elsif p_delta > 0 then
    insert into private.directory_genres as g (artist_id, genre, n) values (p_artist, p_genre, p_delta)
    on conflict (artist_id, genre) do update set n = g.n + excluded.n;
  else
    update private.directory_genres g set n = g.n + p_delta where g.artist_id = p_artist and g.genre = p_genre;
  end if;
end
$function$;
