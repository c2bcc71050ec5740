CREATE OR REPLACE FUNCTION private.profiles_publish_identity()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _name text := private.artist_public_name(new.id);
begin
  insert into public.artist_profiles as a (artist_id, name, bio, picture_path, genres, updated_at)
  values (new.id, _name, new.bio, new.picture_path, new.genres, now())
  on conflict (artist_id) do update set name = excluded.name, bio = excluded.bio,
    picture_path = excluded.picture_path, genres = excluded.genres, updated_at = excluded.updated_at
  where (a.name, a.bio, a.picture_path, a.genres)
        is distinct from (excluded.name, excluded.bio, excluded.picture_path, excluded.genres);
  if tg_op = 'UPDATE' and new.display_name is distinct from old.display_name then
    update public.subscriptions s set artist_name = _name
    where s.artist_id = new.id::text and s.artist_name is distinct from _name;
  end if;
  return null;
end
$function$;
