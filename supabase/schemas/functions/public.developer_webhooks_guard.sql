CREATE OR REPLACE FUNCTION public.developer_webhooks_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    if public.is_api_caller() or new.secret is null then
      new.secret := private.new_webhook_secret();
    end if;
    if public.is_api_caller() then
      new.created_at := now();
      new.in_flight_until := null;
      new.paused_until := null;
      new.failed_attempts := 0;
      new.disabled_at := null;
      new.disabled_reason := null;
    end if;
  else
    if new.client_id is distinct from old.client_id or new.owner_id is distinct from old.owner_id then
      raise exception 'a webhook cannot move to another app or owner' using errcode = '42501';
    end if;
    if public.is_api_caller() then
      new.secret := old.secret;
      new.created_at := old.created_at;
      new.in_flight_until := old.in_flight_until;
      if (new.enabled and not old.enabled) or new.url is distinct from old.url then
        new.paused_until := null;
        new.failed_attempts := 0;
        new.disabled_at := null;
        new.disabled_reason := null;
      else
        new.paused_until := old.paused_until;
        new.failed_attempts := old.failed_attempts;
        new.disabled_at := old.disabled_at;
        new.disabled_reason := old.disabled_reason;
      end if;
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$function$;
