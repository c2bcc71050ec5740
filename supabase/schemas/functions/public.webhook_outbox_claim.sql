CREATE OR REPLACE FUNCTION public.webhook_outbox_claim(p_limit integer DEFAULT 10, p_lease_seconds integer DEFAULT 60)
 RETURNS TABLE(id uuid, webhook_id uuid, url text, secret text, event_type text, payload jsonb, attempts integer, created_at timestamp with time zone)
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with free as (
    select w.id, w.client_id from public.developer_webhooks w
    join public.developer_apps a on a.client_id = w.client_id and a.status = 'active' and not a._deleted
    where w.enabled and not w._deleted
      and (w.in_flight_until is null or w.in_flight_until <= now())
      and (w.paused_until is null or w.paused_until <= now())
  ), oldest as (
    select distinct on (o.webhook_id) o.id, o.webhook_id, o.next_attempt_at, f.client_id
    from public.webhook_outbox o join free f on f.id = o.webhook_id
    where o.delivered_at is null and o.gave_up_at is null and o.next_attempt_at <= now()
    order by o.webhook_id, o.next_attempt_at, o.created_at
  ), ranked as (
    select x.id, x.webhook_id, x.next_attempt_at,
      row_number() over (partition by x.client_id order by x.next_attempt_at) + (
        select count(*) from public.developer_webhooks b
        where b.client_id = x.client_id and b.in_flight_until > now()) as app_slot
    from oldest x
  ), locked as ( -- only what this worker takes: skip locked rows do not count toward the limit
    select r.id, r.webhook_id from ranked r join public.developer_webhooks w on w.id = r.webhook_id
    where r.app_slot <= 4 and (w.in_flight_until is null or w.in_flight_until <= now())
    order by r.next_attempt_at
    limit least(greatest(coalesce(p_limit, 10), 1), 100)
    for update of w skip locked
  ), picked as (
    select l.id, l.webhook_id from locked l
  ), claimed as (
    update public.webhook_outbox o
    set attempts = o.attempts + 1,
        next_attempt_at = now() + make_interval(secs => greatest(coalesce(p_lease_seconds, 60), 5))
    from picked where o.id = picked.id -- rechecked on the newest version: never a message sent meanwhile
      and o.delivered_at is null and o.gave_up_at is null and o.next_attempt_at <= now()
    returning o.*
  ), leased as (
    update public.developer_webhooks w
    set in_flight_until = now() + make_interval(secs => greatest(coalesce(p_lease_seconds, 60), 5))
    from claimed c where w.id = c.webhook_id
    returning w.id
  )
  select c.id, c.webhook_id, w.url, w.secret, c.event_type, c.payload, c.attempts, c.created_at
  from claimed c join public.developer_webhooks w on w.id = c.webhook_id
$function$;
