CREATE OR REPLACE FUNCTION public.check_content_item_object()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  _facts record;
  _type text := lower(split_part(coalesce(new.file_type, ''), ';', 1));
begin
  if current_user not in ('anon', 'authenticated', 'service_role') then
    return new;
  end if;
  if tg_op = 'UPDATE'
     and new.file_path is not distinct from old.file_path
     and new.file_size is not distinct from old.file_size
     and new.file_type is not distinct from old.file_type
     and new.artist_id is not distinct from old.artist_id then
    return new; -- publishing, tiers, titles: the file was checked when it was set
  end if;
  if new.file_path is null or split_part(new.file_path, '/', 1) <> new.artist_id::text then
    raise exception 'file_path must be an object in the artist''s own folder of bucket content'
      using errcode = '23514';
  end if;
  select f.size, f.mimetype into _facts from private.content_object_facts(new.file_path) f;
  if _facts.size is null and _facts.mimetype is null then
    raise exception 'file_path names no stored object: upload the file first' using errcode = '23514';
  end if;
  if coalesce(_facts.size, 0) <= 0 then
    raise exception 'the stored object is empty' using errcode = '23514';
  end if;
  if new.file_size is distinct from _facts.size then
    raise exception 'file_size (%) differs from the stored object''s size (%)', new.file_size, _facts.size
      using errcode = '23514';
  end if;
  if not private.accepted_content_type(_type) then
    raise exception 'file_type % is not an accepted content type', coalesce(new.file_type, 'null')
      using errcode = '23514';
  end if;
  if _type <> _facts.mimetype then
    raise exception 'file_type % differs from the stored object''s type %', new.file_type, _facts.mimetype
      using errcode = '23514';
  end if;
  return new;
end
$function$;
