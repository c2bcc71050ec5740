CREATE OR REPLACE FUNCTION public.record_upload_check(p_name text, p_version text, p_ok boolean, p_mime text, p_size bigint, p_note text)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from storage.objects o
                 where o.bucket_id = 'content' and o.name = p_name and o.version is not distinct from p_version) then
    return false;
  end if;
  insert into private.upload_checks as u (name, object_version, ok, mime, size, note, checked_at)
  values (p_name, coalesce(p_version, ''), p_ok, case when p_ok then lower(p_mime) end, p_size, left(p_note, 300), now())
  on conflict (name) do update set object_version = excluded.object_version, ok = excluded.ok, mime = excluded.mime,
    size = excluded.size, note = excluded.note, checked_at = excluded.checked_at;
  update public.content_items c set file_check = null where c.file_path = p_name;
  return true;
end
$function$;
