CREATE OR REPLACE FUNCTION private.content_object_facts(p_name text, OUT size bigint, OUT mimetype text)
 RETURNS record
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select (o.metadata ->> 'size')::bigint, lower(split_part(coalesce(o.metadata ->> 'mimetype', ''), ';', 1))
  from storage.objects o
  where o.bucket_id = 'content' and o.name = p_name
    and (split_part(p_name, '/', 1) = auth.uid()::text or auth.role() = 'service_role')
$function$;
