CREATE OR REPLACE FUNCTION private.subscriptions_public_name()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.artist_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and exists (select 1 from auth.users u where u.id = new.artist_id::uuid) then
    new.artist_name := private.artist_public_name(new.artist_id::uuid);
  end if;
  return new;
end
$function$;
