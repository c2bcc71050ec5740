-- Paid tiers for real (issue 39): artists' prices, Stripe customers, processed Stripe events and
-- the Stripe state of a fan's subscription. The tier is granted only by the stripe-webhook Edge
-- Function (service role) from the Stripe subscription object it retrieved.
-- Invariants:
--   * artist_tiers: one row per (artist, level 1-3); every signed-in user may read them (the
--     catalog lists real artists to signed-in users; anon holds nothing in public);
--     only the artist writes their own, and only name, price (whole US dollars, 1-999 a month)
--     and benefits. stripe_product_id / stripe_price_id are server-owned: an API caller's value is
--     replaced by the stored one, and a price change clears stripe_price_id (Stripe prices are
--     immutable; the next checkout makes a new one).
--   * stripe_customers (one per user) and stripe_events (one per Stripe event id) are the service
--     role's alone: no grant to anon or authenticated.
--   * subscriptions' Stripe columns (stripe_subscription_id, stripe_status, current_period_end,
--     cancel_at_period_end, stripe_synced_at) are server-owned like tier and price; a row backed by
--     a live Stripe subscription cannot be stepped down or unfollowed by the fan through the API
--     (Stripe would go on charging): that happens in the Customer Portal and comes back by webhook.
--   * public.stripe_apply_subscription (service role only) records the event id and, in the same
--     transaction, writes the subscription state; a known event id changes nothing (idempotent) and
--     a state retrieved earlier than the one stored is ignored (out-of-order deliveries).

-- ------------------------------------------------------------------ artists' tiers
create table public.artist_tiers (
  id text primary key, -- artist_id|level (set by the trigger)
  artist_id uuid not null references auth.users (id) on delete cascade,
  level integer not null check (level between 1 and 3),
  name text not null check (char_length(btrim(name)) between 1 and 40),
  price integer not null check (price between 1 and 999), -- US dollars per month
  benefits text[] not null default '{}' check (
    cardinality(benefits) <= 8 and array_position(benefits, null) is null),
  stripe_product_id text,
  stripe_price_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint artist_tiers_artist_level_key unique (artist_id, level)
);

create function public.artist_tiers_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.id := new.artist_id::text || '|' || new.level::text;
  new.updated_at := now();
  if tg_op = 'UPDATE' and (new.artist_id is distinct from old.artist_id or new.level is distinct from old.level) then
    raise exception 'a tier cannot move to another artist or level' using errcode = '42501';
  end if;
  if public.is_api_caller() then
    if tg_op = 'INSERT' then
      new.stripe_product_id := null;
      new.stripe_price_id := null;
      new.created_at := now();
    else
      new.stripe_product_id := old.stripe_product_id;
      new.stripe_price_id := old.stripe_price_id;
      new.created_at := old.created_at;
    end if;
  end if;
  if tg_op = 'UPDATE' and new.price is distinct from old.price then
    new.stripe_price_id := null;
  end if;
  if array_position(array(select char_length(btrim(b)) between 1 and 120 from unnest(new.benefits) b), false) is not null then
    raise exception 'each benefit is 1 to 120 characters' using errcode = '23514';
  end if;
  return new;
end
$$;
create trigger artist_tiers_guard before insert or update on public.artist_tiers
  for each row execute function public.artist_tiers_guard();

alter table public.artist_tiers enable row level security;
revoke all on public.artist_tiers from anon, authenticated;
grant select on public.artist_tiers to authenticated;
grant insert (artist_id, level, name, price, benefits, stripe_product_id, stripe_price_id),
  update (name, price, benefits, stripe_product_id, stripe_price_id) on public.artist_tiers to authenticated;
grant select, insert, update, delete on public.artist_tiers to service_role;

create policy artist_tiers_read on public.artist_tiers for select to authenticated using (true);
create policy artist_tiers_insert_own on public.artist_tiers for insert to authenticated
  with check (artist_id = (select auth.uid()) and public.holds_role((select auth.uid()), 'artist'));
create policy artist_tiers_update_own on public.artist_tiers for update to authenticated
  using (artist_id = (select auth.uid()))
  with check (artist_id = (select auth.uid()) and public.holds_role((select auth.uid()), 'artist'));
select private.fence_table('public.artist_tiers');

-- ------------------------------------------------------------------ Stripe bookkeeping
create table public.stripe_customers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  customer_id text not null unique,
  created_at timestamptz not null default now()
);
create table public.stripe_events (
  id text primary key, -- Stripe's event id (evt_...)
  type text not null,
  received_at timestamptz not null default now()
);
alter table public.stripe_customers enable row level security;
alter table public.stripe_events enable row level security;
revoke all on public.stripe_customers, public.stripe_events from anon, authenticated;
grant select, insert, update, delete on public.stripe_customers, public.stripe_events to service_role;
select private.fence_table('public.stripe_customers');
select private.fence_table('public.stripe_events');

-- ------------------------------------------------------------------ a subscription's Stripe state
alter table public.subscriptions
  add column stripe_subscription_id text,
  add column stripe_status text,
  add column current_period_end timestamptz,
  add column cancel_at_period_end boolean not null default false,
  add column stripe_synced_at timestamptz;

create function public.subscriptions_stripe_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.stripe_subscription_id := null;
    new.stripe_status := null;
    new.current_period_end := null;
    new.cancel_at_period_end := false;
    new.stripe_synced_at := null;
    return new;
  end if;
  new.stripe_subscription_id := old.stripe_subscription_id;
  new.stripe_status := old.stripe_status;
  new.current_period_end := old.current_period_end;
  new.cancel_at_period_end := old.cancel_at_period_end;
  new.stripe_synced_at := old.stripe_synced_at;
  if old.stripe_status in ('active', 'trialing', 'past_due')
     and (new.tier is distinct from old.tier or new._deleted is distinct from old._deleted) then
    raise exception 'a paid subscription is changed or cancelled with Manage subscription' using errcode = '42501';
  end if;
  return new;
end
$$;
create trigger subscriptions_stripe_guard before insert or update on public.subscriptions
  for each row execute function public.subscriptions_stripe_guard();

-- The webhook's one write: the event id and the state retrieved from Stripe, in one transaction.
-- Returns 'duplicate' (event already processed), 'stale' (a newer state is stored), 'applied',
-- or 'recorded' (an event that names no subscription of ours).
create function public.stripe_apply_subscription(
  p_event_id text, p_event_type text, p_fan uuid, p_artist text, p_tier text, p_price integer,
  p_subscription_id text, p_status text, p_period_end timestamptz, p_cancel_at_period_end boolean,
  p_retrieved_at timestamptz
) returns text
language plpgsql security definer set search_path = '' as $$
declare
  _row public.subscriptions;
  _granted boolean := p_status in ('active', 'trialing', 'past_due');
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
  -- another Stripe subscription already holds this row: an ended one never overwrites it
  if _row.stripe_subscription_id is not null and _row.stripe_subscription_id <> p_subscription_id
     and not _granted then
    return 'stale';
  end if;
  insert into public.subscriptions as s (fan_id, artist_id, tier, price, stripe_subscription_id, stripe_status,
      current_period_end, cancel_at_period_end, stripe_synced_at, _deleted)
    values (p_fan, p_artist, case when _granted then p_tier else 'free' end, case when _granted then p_price else 0 end,
      p_subscription_id, p_status, p_period_end, p_cancel_at_period_end, p_retrieved_at, false)
    on conflict (fan_id, artist_id) do update set
      tier = excluded.tier, price = excluded.price, stripe_subscription_id = excluded.stripe_subscription_id,
      stripe_status = excluded.stripe_status, current_period_end = excluded.current_period_end,
      cancel_at_period_end = excluded.cancel_at_period_end, stripe_synced_at = excluded.stripe_synced_at,
      _deleted = false, updated_at = now();
  return 'applied';
end
$$;
revoke all on function public.stripe_apply_subscription(text, text, uuid, text, text, integer, text, text,
  timestamptz, boolean, timestamptz) from public, anon, authenticated;
grant execute on function public.stripe_apply_subscription(text, text, uuid, text, text, integer, text, text,
  timestamptz, boolean, timestamptz) to service_role;
