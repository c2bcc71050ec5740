CREATE OR REPLACE FUNCTION private.webhook_give_up_pending()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.webhook_outbox o set gave_up_at = now(), last_error = coalesce(o.last_error, case tg_table_name
      when 'developer_apps' then 'not sent: the app is disabled or deleted'
      else 'not sent: the endpoint is disabled or deleted' end)
  where o.delivered_at is null and o.gave_up_at is null
    and case tg_table_name when 'developer_apps' then o.client_id = new.client_id else o.webhook_id = new.id end;
  return null;
end
$function$;
