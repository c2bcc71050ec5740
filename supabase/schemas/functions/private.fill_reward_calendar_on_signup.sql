CREATE OR REPLACE FUNCTION private.fill_reward_calendar_on_signup()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.fill_reward_calendar(new.id);
  return new;
end
$function$;
