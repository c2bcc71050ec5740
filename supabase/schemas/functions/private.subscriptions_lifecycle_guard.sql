CREATE OR REPLACE FUNCTION private.subscriptions_lifecycle_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if public.is_api_caller() then
    new.past_due_since := case when tg_op = 'UPDATE' then old.past_due_since end;
    new.access_ended_reason := case when tg_op = 'UPDATE' then old.access_ended_reason end;
  end if;
  return new;
end
$function$;
