CREATE OR REPLACE FUNCTION private.profiles_publish_upcoming()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.artist_profiles a set announcement = new.announcement, announcement_on = new.announcement_on,
    updated_at = now()
  where a.artist_id = new.id
    and (a.announcement, a.announcement_on) is distinct from (new.announcement, new.announcement_on);
  update public.subscriptions s set artist_announcement = new.announcement, artist_announcement_on = new.announcement_on
  where s.artist_id = new.id::text
    and (s.artist_announcement, s.artist_announcement_on) is distinct from (new.announcement, new.announcement_on);
  return null;
end
$function$;
