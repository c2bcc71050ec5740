CREATE OR REPLACE FUNCTION public.content_previews_mirror()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new._deleted or not new.file_verified
     or not (new.is_public or (new.unlock_date is not null and new.unlock_date <= now())) then
    -- Never released: nothing at all. Released before: a tombstone (the BEFORE trigger blanks it).
    update public.content_previews p set _deleted = true where p.id = new.id and not p._deleted;
    return null;
  end if;
  insert into public.content_previews as p (id, artist_id, title, file_type,
      subscription_tier_required, is_public, unlock_date, created_at, updated_at, _deleted)
    values (new.id, new.artist_id, new.title, new.file_type, new.subscription_tier_required,
      new.is_public, new.unlock_date, new.created_at, new.updated_at, false)
  on conflict (id) do update set
    artist_id = excluded.artist_id, title = excluded.title,
    file_type = excluded.file_type, subscription_tier_required = excluded.subscription_tier_required,
    is_public = excluded.is_public, unlock_date = excluded.unlock_date,
    created_at = excluded.created_at, updated_at = excluded.updated_at, _deleted = false;
  return null;
end
$function$;
