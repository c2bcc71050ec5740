CREATE OR REPLACE FUNCTION public.profiles_announcement_valid()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.announcement := nullif(btrim(new.announcement), '');
  if public.is_api_caller() and new.announcement_on is not null
     and (tg_op = 'INSERT' or new.announcement_on is distinct from old.announcement_on
          or new.announcement is distinct from old.announcement)
     and (new.announcement_on < current_date or new.announcement_on > current_date + 366) then
    raise exception 'Choose a day from today to a year ahead' using errcode = '23514',
      hint = 'An announcement names the day of an upcoming release.';
  end if;
  return new;
end
$function$;
