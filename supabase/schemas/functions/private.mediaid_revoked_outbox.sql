CREATE OR REPLACE FUNCTION private.mediaid_revoked_outbox()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into public.webhook_outbox (webhook_id, client_id, event_type, payload)
  select w.id, new.client_id, 'permission.revoked', jsonb_build_object(
    'type', 'permission.revoked', 'timestamp', now(),
    'data', jsonb_build_object('user_id', new.user_id, 'role', new.role, 'revoked_at', new.revoked_at))
  from public.developer_webhooks w
  where w.client_id = new.client_id and w.enabled and not w._deleted and 'permission.revoked' = any (w.events)
    and exists (select 1 from private.app_registration(new.client_id) r where r.name is not null);
  return null;
end
$function$;
