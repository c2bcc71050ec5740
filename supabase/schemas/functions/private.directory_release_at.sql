CREATE OR REPLACE FUNCTION private.directory_release_at(p_item public.content_items)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when p_item._deleted or not p_item.file_verified then null
              when p_item.is_public then '-infinity'::timestamptz
              else p_item.unlock_date end
$function$;
