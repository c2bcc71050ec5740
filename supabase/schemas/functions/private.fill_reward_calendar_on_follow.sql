CREATE OR REPLACE FUNCTION private.fill_reward_calendar_on_follow()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' or new._deleted is distinct from old._deleted or new.tier is distinct from old.tier then
    perform private.fill_reward_calendar(new.fan_id);
  end if;
  return new;
end
$function$;
