CREATE OR REPLACE FUNCTION private.content_object_pinned(p_name text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.content_items c where c.file_path = p_name and not c._deleted)
$function$;
