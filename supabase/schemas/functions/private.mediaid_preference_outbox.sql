CREATE OR REPLACE FUNCTION private.mediaid_preference_outbox()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _readable text[] := private.mediaid_readable_fields(new);
  _changed text[];
begin
  -- The switches themselves are always named (the app learns what it may no longer read).
  _changed := array(
    select f from unnest(array['interests', 'genre_preferences', 'content_flags', 'location_code']) f
    where f = any (_readable)
      and (to_jsonb(new) -> f) is distinct from (to_jsonb(old) -> f)
    union all
    select 'privacy_settings.' || k from (
      select jsonb_object_keys(coalesce(new.privacy_settings, '{}')) k
      union select jsonb_object_keys(coalesce(old.privacy_settings, '{}'))) keys
    where (new.privacy_settings -> k) is distinct from (old.privacy_settings -> k)
    order by 1);
  if cardinality(_changed) = 0 or new._deleted then
    return null;
  end if;
  insert into public.webhook_outbox (webhook_id, client_id, event_type, payload)
  select w.id, g.client_id, 'preference.updated', jsonb_build_object(
    'type', 'preference.updated', 'timestamp', now(),
    'data', jsonb_build_object('user_id', new.user_uuid, 'role', new.role, 'changed', to_jsonb(_changed)))
  from public.mediaid_grants g
  join public.developer_webhooks w on w.client_id = g.client_id and w.enabled and not w._deleted
    and 'preference.updated' = any (w.events)
  where g.user_id = new.user_uuid and g.role = new.role and g.revoked_at is null and not g._deleted
    and 'preferences:read' = any (g.scopes)
    and exists (select 1 from private.app_registration(g.client_id) r where 'preferences:read' = any (r.scopes));
  return null;
end
$function$;
