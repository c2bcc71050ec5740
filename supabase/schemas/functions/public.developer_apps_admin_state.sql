CREATE OR REPLACE FUNCTION public.developer_apps_admin_state()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not public.is_api_caller() then
    if tg_op = 'UPDATE' and new.status is distinct from old.status
       and new.disabled_by_admin is not distinct from old.disabled_by_admin then
      new.disabled_by_admin := (new.status = 'disabled');
    end if;
    return new;
  end if;
  new.disabled_by_admin := case when tg_op = 'INSERT' then false else old.disabled_by_admin end;
  if new.disabled_by_admin and new.status <> 'disabled' then
    raise exception 'This application was disabled by an administrator' using errcode = '42501';
  end if;
  return new;
end
$function$;
