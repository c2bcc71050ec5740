CREATE OR REPLACE FUNCTION private.content_previews_public_name()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  new.artist_name := private.artist_public_name(new.artist_id);
  return new;
end
$function$;
