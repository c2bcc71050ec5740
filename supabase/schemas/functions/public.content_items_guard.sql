CREATE OR REPLACE FUNCTION public.content_items_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' and new.artist_id is distinct from old.artist_id then
    raise exception 'artist_id cannot change' using errcode = '42501';
  end if;
  if public.is_api_caller() then
    if new.file_path is null
       or left(new.file_path, 37) <> new.artist_id::text || '/'
       or char_length(new.file_path) <= 37
       or new.file_path ~ '(^|/)\.{1,2}(/|$)'
       or position('//' in new.file_path) > 0 then
      raise exception 'file_path must be inside your own folder (%/…)', new.artist_id
        using errcode = '42501';
    end if;
  end if;
  return new;
end
$function$;
