CREATE OR REPLACE FUNCTION private.directory_on_profile()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.artist_directory_counts d set name = private.directory_name(new.id), updated_at = now()
  where d.artist_id = new.id and d.name is distinct from private.directory_name(new.id);
  return null;
end
$function$;
