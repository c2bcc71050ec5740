CREATE OR REPLACE FUNCTION private.subscriptions_upcoming()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  select p.announcement, p.announcement_on into new.artist_announcement, new.artist_announcement_on
  from public.profiles p
  where new.artist_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    and p.id = new.artist_id::uuid;
  if not found then
    new.artist_announcement := null;
    new.artist_announcement_on := null;
  end if;
  return new;
end
$function$;
