create or replace view public.artist_directory with (security_invoker=true) as
 SELECT d.artist_id,
    d.name,
    d.followers,
    d.plays,
    private.artist_directory_genres(d.artist_id) AS genres,
    d.items + private.artist_directory_due_items(d.artist_id) AS items,
    d.updated_at
   FROM public.artist_directory_counts d
  WHERE d.listed AND (d.items > 0 OR private.artist_directory_due_items(d.artist_id) > 0);

comment on view public.artist_directory is 'Per artist: name, followers, fans'' plays, released items and their genres (aggregates only).';
