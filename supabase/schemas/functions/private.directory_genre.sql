CREATE OR REPLACE FUNCTION private.directory_genre(p_item public.content_items)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(p_item.metadata ->> 'genre', '')
$function$;
