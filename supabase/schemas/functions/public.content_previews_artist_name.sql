CREATE OR REPLACE FUNCTION public.content_previews_artist_name()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.content_previews c set artist_name = private.artist_public_name(new.id)
    where c.artist_id = new.id and c.artist_name is distinct from private.artist_public_name(new.id);
  return null;
end
$function$;
