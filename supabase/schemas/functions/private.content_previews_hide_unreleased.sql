CREATE OR REPLACE FUNCTION private.content_previews_hide_unreleased()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new._deleted or not (new.is_public or (new.unlock_date is not null and new.unlock_date <= now())) then
    new._deleted := true;
    new.title := '';
    new.file_type := null;
    new.subscription_tier_required := 'free';
    new.is_public := false;
    new.unlock_date := null;
  end if;
  return new;
end
$function$;
