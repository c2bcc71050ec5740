CREATE OR REPLACE FUNCTION private.content_file_verified(p_name text, p_size bigint, p_type text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
    from private.upload_checks u
    join storage.objects o on o.bucket_id = 'content' and o.name = u.name and coalesce(o.version, '') = u.object_version
    where u.name = p_name and u.ok and u.size = p_size
      and u.mime = lower(split_part(coalesce(p_type, ''), ';', 1)))
$function$;
