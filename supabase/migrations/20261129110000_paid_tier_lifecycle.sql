-- A paid tier's end (issue 39 item 3): a grace period for failed renewals, and refunds and
-- disputes ending access.
-- Invariants:
--   * GRACE: a subscription Stripe marks past_due keeps its tier for 7 days from past_due_since
--     (when Stripe created the renewal invoice that went unpaid: a Stripe time, so a test clock
--     moves it), then counts as free. The rule is private.held_tier(), evaluated at every access
--     check (public.my_tier_for_artist behind content RLS and storage, public.fan_tier): the tier
--     drops when the grace ends without any job having run. The stored row catches up on the
--     fan's next pull (private.sync_release_due ends their expired graces: tier free, reason
--     'payment_failed'), which moves the row so every device receives it; a webhook arriving
--     after the grace never grants it back; a paid retry (status active) does.
--   * REFUND / DISPUTE: a full refund (charge.refunded with refunded = true) or a dispute
--     (charge.dispute.created) of a charge in private.stripe_payments ends that subscription's
--     access now (tier free, reason 'refunded' / 'disputed'), and the webhook cancels the
--     subscription at Stripe so nothing is charged again. Idempotent: ending an ended row writes
--     nothing; a later state of the same Stripe subscription never grants it back (a new
--     subscription, i.e. a new Checkout, does).
--   * access_ended_reason says why a Stripe-backed row holds no tier ('canceled',
--     'payment_failed', 'refunded', 'disputed'; null while it holds one); past_due_since and
--     access_ended_reason are server-owned (an API caller's value is replaced by the stored one).

alter table public.subscriptions
  add column past_due_since timestamptz,
  add column access_ended_reason text
    check (access_ended_reason in ('canceled', 'payment_failed', 'refunded', 'disputed'));
update public.subscriptions set past_due_since = stripe_synced_at where stripe_status = 'past_due';

create function private.subscriptions_lifecycle_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if public.is_api_caller() then
    new.past_due_since := case when tg_op = 'UPDATE' then old.past_due_since end;
    new.access_ended_reason := case when tg_op = 'UPDATE' then old.access_ended_reason end;
  end if;
  return new;
end
$$;
create trigger subscriptions_lifecycle_guard before insert or update on public.subscriptions
  for each row execute function private.subscriptions_lifecycle_guard();

-- ------------------------------------------------------------------ the rule
create function private.past_due_grace() returns interval
language sql immutable set search_path = '' as $$ select interval '7 days' $$;

-- The tier (0..3) a subscription row gives now: its stored tier, except a past_due one whose
-- grace has ended gives nothing.
create function private.held_tier(p_fan_tier integer, p_status text, p_past_due_since timestamptz)
returns integer
language sql stable set search_path = '' as $$
  select case
    when p_status = 'past_due' and coalesce(p_past_due_since, now()) <= now() - private.past_due_grace() then 0
    else coalesce(p_fan_tier, 0)
  end
$$;
-- Evaluated as the caller inside content RLS (my_tier_for_artist is invoker): a pure function
-- of its arguments and the clock.
grant execute on function private.past_due_grace(), private.held_tier(integer, text, timestamptz)
  to authenticated, service_role;

create or replace function public.my_tier_for_artist(p_artist text) returns integer
language sql stable security invoker set search_path = '' as $$
  select coalesce(max(private.held_tier(s.fan_tier, s.stripe_status, s.past_due_since)), 0)
  from public.subscriptions s
  where s.fan_id = (select auth.uid()) and s.artist_id = p_artist and not s._deleted
$$;

create or replace function public.fan_tier(p_fan uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select coalesce(max(private.held_tier(s.fan_tier, s.stripe_status, s.past_due_since)), 0)
  from public.subscriptions s where s.fan_id = p_fan and not s._deleted
$$;

-- ------------------------------------------------------------------ the pull catches up
-- As in 20261126200000 (the release of due unlock dates), plus the caller's own expired graces:
-- only what time already decided, only the caller's rows, each once (the tier is free after).
create or replace function private.sync_release_due() returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.content_items c set _released_for = c.unlock_date
  where c.id in (
    select d.id from public.content_items d
    where d.unlock_date is not null and d.unlock_date <= now() and d._released_for is distinct from d.unlock_date
    order by d.unlock_date
    limit 200
    for update skip locked);
  update public.subscriptions s
    set tier = 'free', price = 0, access_ended_reason = 'payment_failed', updated_at = now()
  where s.fan_id = (select auth.uid()) and s.stripe_status = 'past_due' and s.tier <> 'free'
    and private.held_tier(s.fan_tier, s.stripe_status, s.past_due_since) = 0;
end
$$;

-- ------------------------------------------------------------------ the webhook's write
drop function public.stripe_apply_subscription(text, text, uuid, text, text, integer, text, text, timestamptz,
  boolean, timestamptz);

-- As in 20261128700000 (event id and state in one transaction; 'duplicate', 'stale', 'applied',
-- 'recorded'), plus: past_due_since (Stripe's time, the earliest while the same subscription
-- stays past_due), no tier for a past_due state whose grace has ended, and none for a
-- subscription whose access a refund or dispute ended.
create function public.stripe_apply_subscription(
  p_event_id text, p_event_type text, p_fan uuid, p_artist text, p_tier text, p_price integer,
  p_subscription_id text, p_status text, p_period_end timestamptz, p_cancel_at_period_end boolean,
  p_retrieved_at timestamptz, p_past_due_since timestamptz default null
) returns text
language plpgsql security definer set search_path = '' as $$
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
$$;

-- A full refund or a dispute of a recorded charge: that subscription's access ends now. Answers
-- the Stripe subscription id (for the webhook to cancel it at Stripe), or null for a charge that
-- is not a recorded payment of ours.
create function public.stripe_end_access(p_charge_id text, p_reason text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  _paid private.stripe_payments;
begin
  if p_reason is null or p_reason not in ('refunded', 'disputed') then
    raise exception 'stripe_end_access: reason must be refunded or disputed' using errcode = '22023';
  end if;
  select * into _paid from private.stripe_payments p where p.charge_id = p_charge_id;
  if _paid.charge_id is null then
    return null;
  end if;
  -- an upsert: the dispute of a first payment can be told before the subscription's own events
  insert into public.subscriptions as s (fan_id, artist_id, tier, price, stripe_subscription_id, access_ended_reason,
      _deleted)
    values (_paid.fan_id, _paid.artist_id::text, 'free', 0, _paid.subscription_id, p_reason, false)
    on conflict (fan_id, artist_id) do update set
      tier = 'free', price = 0, stripe_subscription_id = excluded.stripe_subscription_id,
      access_ended_reason = excluded.access_ended_reason, updated_at = now()
    where (s.stripe_subscription_id is null or s.stripe_subscription_id = excluded.stripe_subscription_id)
      and (s.tier <> 'free' or s.access_ended_reason is null or s.access_ended_reason not in ('refunded', 'disputed'));
  return _paid.subscription_id;
end
$$;

revoke all on function public.stripe_apply_subscription(text, text, uuid, text, text, integer, text, text,
  timestamptz, boolean, timestamptz, timestamptz), public.stripe_end_access(text, text)
  from public, anon, authenticated;
grant execute on function public.stripe_apply_subscription(text, text, uuid, text, text, integer, text, text,
  timestamptz, boolean, timestamptz, timestamptz), public.stripe_end_access(text, text) to service_role;

-- ------------------------------------------------------------------ earnings follow the rule
-- A paid subscription ends (for churn) when its row stops holding a paid tier, whatever ended it.
create or replace function private.subscriptions_paid_ended() returns trigger
language plpgsql set search_path = '' as $$
begin
  if public.is_api_caller() then
    new.paid_ended_at := case when tg_op = 'UPDATE' then old.paid_ended_at else null end;
    return new;
  end if;
  if new.tier <> 'free' then
    new.paid_ended_at := null;
  elsif tg_op = 'UPDATE' and old.tier <> 'free' and new.stripe_subscription_id is not null then
    new.paid_ended_at := now();
  end if;
  return new;
end
$$;

-- As in 20261129030000, with "paying" and "ended" by private.held_tier: a fan whose grace has
-- ended is neither in MRR nor paying, and counts as churned from the grace's end, before any pull.
create or replace function public.my_earnings() returns table (
  gross_30d bigint, fees_30d bigint, refunds_30d bigint, net_30d bigint,
  gross_all bigint, fees_all bigint, refunds_all bigint, net_all bigint,
  mrr bigint, paying_tier1 integer, paying_tier2 integer, paying_tier3 integer,
  churned_30d integer, churn_rate numeric
)
language plpgsql stable security definer set search_path = '' as $$
declare
  _me uuid := (select auth.uid());
begin
  perform private.refuse_app_token();
  if _me is null or not public.holds_role(_me, 'artist') then
    raise exception 'Only an artist has earnings' using errcode = '42501';
  end if;
  return query
  with pay as (
    select p.amount, p.fee, p.amount_refunded, p.paid_at >= now() - interval '30 days' as recent
    from private.stripe_payments p where p.artist_id = _me
  ), rows as (
    select s.tier, s.price, private.held_tier(s.fan_tier, s.stripe_status, s.past_due_since) > 0 as paying,
      coalesce(s.paid_ended_at, case when s.stripe_status = 'past_due' and s.fan_tier > 0
        then s.past_due_since + private.past_due_grace() end) as ended_at
    from public.subscriptions s
    where s.artist_id = _me::text and s.stripe_subscription_id is not null and not s._deleted
  ), subs as (
    select r.tier, r.price, r.paying, not r.paying and r.ended_at >= now() - interval '30 days' as ended_recently
    from rows r
  )
  select
    coalesce((select sum(amount) from pay where recent), 0)::bigint,
    coalesce((select sum(fee) from pay where recent), 0)::bigint,
    coalesce((select sum(amount_refunded) from pay where recent), 0)::bigint,
    coalesce((select sum(amount - fee - amount_refunded) from pay where recent), 0)::bigint,
    coalesce((select sum(amount) from pay), 0)::bigint,
    coalesce((select sum(fee) from pay), 0)::bigint,
    coalesce((select sum(amount_refunded) from pay), 0)::bigint,
    coalesce((select sum(amount - fee - amount_refunded) from pay), 0)::bigint,
    coalesce((select sum(price) * 100 from subs where paying), 0)::bigint,
    (select count(*) from subs where paying and tier = 'tier1')::integer,
    (select count(*) from subs where paying and tier = 'tier2')::integer,
    (select count(*) from subs where paying and tier = 'tier3')::integer,
    (select count(*) from subs where ended_recently)::integer,
    coalesce((select round(count(*) filter (where ended_recently)::numeric
                            / nullif(count(*) filter (where paying or ended_recently), 0), 4) from subs), 0);
end
$$;
