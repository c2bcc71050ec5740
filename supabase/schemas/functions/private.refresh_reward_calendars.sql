CREATE OR REPLACE FUNCTION private.refresh_reward_calendars()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _fan uuid;
  _count integer := 0;
begin
  for _fan in select u.id from auth.users u order by u.id loop
    perform private.fill_reward_calendar(_fan);
    _count := _count + 1;
  end loop;
  return _count;
end
$function$;
