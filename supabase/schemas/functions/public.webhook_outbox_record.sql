CREATE OR REPLACE FUNCTION public.webhook_outbox_record(p_id uuid, p_status integer, p_error text DEFAULT NULL::text, p_refused boolean DEFAULT false)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  _backoff constant interval[] := array['5 seconds', '5 minutes', '30 minutes', '2 hours', '5 hours',
    '10 hours', '10 hours', '10 hours']::interval[];
  _ok constant boolean := coalesce(p_status between 200 and 299, false);
  _failed constant boolean := not _ok and p_status is distinct from 410;
  _error constant text := left(regexp_replace(p_error, '[[:cntrl:]]+', ' ', 'g'), 300);
  _webhook uuid;
begin
  update public.webhook_outbox o set
    last_status = p_status,
    last_error = _error,
    delivered_at = case when _ok then now() end,
    gave_up_at = case when _ok then null
                      when p_refused or p_status = 410 or o.attempts >= 8 then now() end,
    next_attempt_at = now() + _backoff[least(greatest(o.attempts, 1), 8)]
  where o.id = p_id and o.delivered_at is null
  returning o.webhook_id into _webhook;
  if _webhook is null then
    return;
  end if;
  update public.developer_webhooks w set
    in_flight_until = null,
    failed_attempts = case when _failed then w.failed_attempts + 1 when _ok then 0 else w.failed_attempts end,
    paused_until = case when _failed then now() + _backoff[least(w.failed_attempts + 1, 8)] end,
    enabled = w.enabled and not p_refused and not (_failed and w.failed_attempts + 1 >= 8),
    disabled_at = case when w.enabled and (p_refused or (_failed and w.failed_attempts + 1 >= 8)) then now()
                       else w.disabled_at end,
    disabled_reason = case
      when not w.enabled then w.disabled_reason
      when p_refused then left('Delivery refused (' || coalesce(_error, 'refused') || ')', 400)
      when _failed and w.failed_attempts + 1 >= 8 then
        left(format('%s failed deliveries in a row; the last: %s', w.failed_attempts + 1, coalesce(_error, 'no answer')), 400)
      else w.disabled_reason end
  where w.id = _webhook;
end
$function$;
