CREATE OR REPLACE FUNCTION private.directory_on_content()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _artist uuid := case when tg_op = 'DELETE' then old.artist_id else new.artist_id end;
  _at timestamptz;
  _counted boolean := false;
  _was_counted boolean := false;
  _was_genre text;
begin
  if tg_op = 'UPDATE'
     and private.directory_release_at(old) is not distinct from private.directory_release_at(new)
     and private.directory_genre(old) = private.directory_genre(new) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into public.artist_directory_counts as d (artist_id, name, listed)
    values (_artist, private.directory_name(_artist), true)
    on conflict (artist_id) do update set listed = true, updated_at = now();
  else
    update public.artist_directory_counts d set updated_at = now() where d.artist_id = _artist;
  end if;
  if tg_op <> 'INSERT' then
    delete from private.directory_items s where s.item_id = old.id
    returning s.counted, s.genre into _was_counted, _was_genre;
    _was_counted := coalesce(_was_counted, false);
  end if;
  if tg_op <> 'DELETE' then
    _at := private.directory_release_at(new);
    if _at is not null then
      _counted := _at <= now();
      insert into private.directory_items (item_id, artist_id, genre, release_at, counted)
      values (new.id, _artist, private.directory_genre(new), _at, _counted);
    end if;
  end if;
  if _was_counted <> _counted then
    update public.artist_directory_counts d set items = d.items + case when _counted then 1 else -1 end
    where d.artist_id = _artist;
  end if;
  if _was_counted then
    perform private.directory_genre_add(_artist, _was_genre, -1);
  end if;
  if _counted then
    perform private.directory_genre_add(_artist, private.directory_genre(new), 1);
  end if;
  if tg_op <> 'DELETE' then
    perform private.directory_fold(_artist);
  end if;
  return null;
end
$function$;
