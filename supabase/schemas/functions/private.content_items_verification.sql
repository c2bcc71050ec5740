CREATE OR REPLACE FUNCTION private.content_items_verification()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  _ok boolean := not new._deleted and private.content_file_verified(new.file_path, new.file_size, new.file_type);
begin
  if current_user not in ('anon', 'authenticated', 'service_role') then
    new.file_verified := coalesce(new.file_verified, false) or _ok;
    new.file_check := coalesce(new.file_check, private.content_file_note(new.file_path));
    return new;
  end if;
  new.file_verified := _ok;
  new.file_check := private.content_file_note(new.file_path);
  return new;
end
$function$;
