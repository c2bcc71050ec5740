CREATE OR REPLACE FUNCTION public.stripe_apply_subscription(p_event_id text, p_event_type text, p_fan uuid, p_artist text, p_tier text, p_price integer, p_subscription_id text, p_status text, p_period_end timestamp with time zone, p_cancel_at_period_end boolean, p_retrieved_at timestamp with time zone, p_past_due_since timestamp with time zone DEFAULT NULL::timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _row public.subscriptions;
  _since timestamptz;
  _reason text;
  _granted boolean;
begin
  insert into public.stripe_events (id, type) values (p_event_id, p_event_type) on conflict (id) do nothing;
  if not found then
    return 'duplicate';
  end if;
  if p_fan is null or p_subscription_id is null then
    return 'recorded';
  end if;
  select * into _row from public.subscriptions s where s.fan_id = p_fan and s.artist_id = p_artist for update;
  if _row.id is not null and _row.stripe_synced_at is not null and _row.stripe_synced_at >= p_retrieved_at then
    return 'stale';
  end if;
  _since := case when p_status = 'past_due' then
    case when _row.stripe_subscription_id = p_subscription_id and _row.stripe_status = 'past_due'
      then least(_row.past_due_since, coalesce(p_past_due_since, p_retrieved_at))
      else coalesce(p_past_due_since, p_retrieved_at) end
  end;
  _granted := p_status in ('active', 'trialing')
    or (p_status = 'past_due' and private.held_tier(1, p_status, _since) > 0);
  -- another Stripe subscription already holds this row: an ended one never overwrites it
  if _row.stripe_subscription_id is not null and _row.stripe_subscription_id <> p_subscription_id
     and not _granted then
    return 'stale';
  end if;
  if _row.stripe_subscription_id = p_subscription_id and _row.access_ended_reason in ('refunded', 'disputed') then
    _granted := false;
    _reason := _row.access_ended_reason;
  elsif not _granted then
    _reason := case when p_status in ('past_due', 'unpaid') then 'payment_failed' else 'canceled' end;
  end if;
  insert into public.subscriptions as s (fan_id, artist_id, tier, price, stripe_subscription_id, stripe_status,
      current_period_end, cancel_at_period_end, stripe_synced_at, past_due_since, access_ended_reason, _deleted)
    values (p_fan, p_artist, case when _granted then p_tier else 'free' end, case when _granted then p_price else 0 end,
      p_subscription_id, p_status, p_period_end, p_cancel_at_period_end, p_retrieved_at, _since, _reason, false)
    on conflict (fan_id, artist_id) do update set
      tier = excluded.tier, price = excluded.price, stripe_subscription_id = excluded.stripe_subscription_id,
      stripe_status = excluded.stripe_status, current_period_end = excluded.current_period_end,
      cancel_at_period_end = excluded.cancel_at_period_end, stripe_synced_at = excluded.stripe_synced_at,
      past_due_since = excluded.past_due_since, access_ended_reason = excluded.access_ended_reason,
      _deleted = false, updated_at = now();
  return 'applied';
end
$function$;
