CREATE OR REPLACE FUNCTION private.fill_reward_calendar_on_mediaid()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.role = 'fan' and (tg_op = 'INSERT' or new.privacy_settings is distinct from old.privacy_settings
      or new.genre_preferences is distinct from old.genre_preferences or new._deleted is distinct from old._deleted
      or new.is_active is distinct from old.is_active) then
    perform private.fill_reward_calendar(new.user_uuid);
  end if;
  return new;
end
$function$;
