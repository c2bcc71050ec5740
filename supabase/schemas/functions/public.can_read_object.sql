CREATE OR REPLACE FUNCTION public.can_read_object(p_bucket text, p_name text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select p_bucket = 'content' and exists (
    select 1 from public.content_items c
    where c.file_path = p_name
      and (storage.foldername(p_name))[1] = c.artist_id::text
      and not c._deleted
      and public.can_read_content(c)
  )
$function$;
