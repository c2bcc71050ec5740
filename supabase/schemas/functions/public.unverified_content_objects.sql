CREATE OR REPLACE FUNCTION public.unverified_content_objects(p_limit integer DEFAULT 100)
 RETURNS TABLE(file_path text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select distinct c.file_path from public.content_items c
  where not c._deleted and not c.file_verified
    and not exists (select 1 from private.upload_checks u
                    join storage.objects o on o.bucket_id = 'content' and o.name = u.name and coalesce(o.version, '') = u.object_version
                    where u.name = c.file_path)
  order by c.file_path
  limit greatest(1, least(coalesce(p_limit, 100), 1000))
$function$;
