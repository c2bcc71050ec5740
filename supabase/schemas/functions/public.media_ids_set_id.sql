CREATE OR REPLACE FUNCTION public.media_ids_set_id()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  _expected text := new.user_uuid::text || '|' || new.role;
begin
  if new.id is null or new.id = '' then
    new.id := _expected;
  elsif new.id <> _expected then
    raise exception 'media_ids.id must be user_uuid|role (expected %)', _expected
      using errcode = '23514';
  end if;
  return new;
end
$function$;
