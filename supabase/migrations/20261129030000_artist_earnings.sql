-- Real earnings for artists (issue 39 item 5): every paid invoice of a fan's subscription, with
-- Stripe's fee as Stripe reports it on the charge's balance transaction, and refunds.
-- Invariants:
--   * private.stripe_payments holds one row per charge (the webhook's stripe_record_payment,
--     service role only, idempotent by charge id: a redelivered event changes nothing); refunds
--     raise amount_refunded to what Stripe's charge says (never down). No API role reads the table.
--   * public.my_earnings() answers the signed-in artist's own figures only, as aggregates: gross,
--     Stripe's fees, refunds and net over the last 30 days and all time, monthly recurring revenue
--     (the prices of subscriptions that hold a paid tier now), paying fans per tier, and churn (paid
--     subscriptions that ended in the last 30 days, over those paying at any time in them). Never a
--     fan's id, name, card or address. Amounts are in cents (USD).

create table private.stripe_payments (
  charge_id text primary key,
  invoice_id text not null unique,
  subscription_id text not null,
  fan_id uuid not null references auth.users (id) on delete cascade,
  artist_id uuid not null references auth.users (id) on delete cascade,
  level integer not null check (level between 1 and 3),
  amount integer not null check (amount >= 0),
  fee integer not null check (fee >= 0),
  amount_refunded integer not null default 0 check (amount_refunded >= 0 and amount_refunded <= amount),
  currency text not null,
  paid_at timestamptz not null,
  recorded_at timestamptz not null default now()
);
create index stripe_payments_artist on private.stripe_payments (artist_id, paid_at);
revoke all on private.stripe_payments from public, anon, authenticated;
grant all on private.stripe_payments to service_role;

-- When a paid subscription stopped holding its tier (for churn): set by the guard below.
alter table public.subscriptions add column paid_ended_at timestamptz;

create function private.subscriptions_paid_ended() returns trigger
language plpgsql set search_path = '' as $$
begin
  if public.is_api_caller() then
    new.paid_ended_at := case when tg_op = 'UPDATE' then old.paid_ended_at else null end;
    return new;
  end if;
  if tg_op = 'UPDATE' and old.stripe_status in ('active', 'trialing', 'past_due')
     and new.stripe_status is distinct from old.stripe_status
     and new.stripe_status not in ('active', 'trialing', 'past_due') then
    new.paid_ended_at := now();
  elsif new.stripe_status in ('active', 'trialing', 'past_due') then
    new.paid_ended_at := null;
  end if;
  return new;
end
$$;
create trigger subscriptions_paid_ended before insert or update on public.subscriptions
  for each row execute function private.subscriptions_paid_ended();

create function public.stripe_record_payment(
  p_charge_id text, p_invoice_id text, p_subscription_id text, p_fan uuid, p_artist uuid, p_level integer,
  p_amount integer, p_fee integer, p_currency text, p_paid_at timestamptz
) returns text
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.stripe_payments (charge_id, invoice_id, subscription_id, fan_id, artist_id, level, amount, fee,
      currency, paid_at)
    values (p_charge_id, p_invoice_id, p_subscription_id, p_fan, p_artist, p_level, p_amount, p_fee, p_currency, p_paid_at)
    on conflict do nothing;
  return case when found then 'recorded' else 'duplicate' end;
end
$$;

create function public.stripe_record_refund(p_charge_id text, p_amount_refunded integer) returns text
language plpgsql security definer set search_path = '' as $$
begin
  update private.stripe_payments set amount_refunded = greatest(amount_refunded, least(p_amount_refunded, amount))
    where charge_id = p_charge_id;
  return case when found then 'recorded' else 'unknown' end;
end
$$;

revoke all on function public.stripe_record_payment(text, text, text, uuid, uuid, integer, integer, integer, text,
  timestamptz), public.stripe_record_refund(text, integer) from public, anon, authenticated;
grant execute on function public.stripe_record_payment(text, text, text, uuid, uuid, integer, integer, integer, text,
  timestamptz), public.stripe_record_refund(text, integer) to service_role;

create function public.my_earnings() returns table (
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
  ), subs as (
    select s.tier, s.price, s.stripe_status in ('active', 'trialing', 'past_due') as paying,
      s.paid_ended_at >= now() - interval '30 days' as ended_recently
    from public.subscriptions s
    where s.artist_id = _me::text and s.stripe_subscription_id is not null and not s._deleted
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
revoke all on function public.my_earnings() from public, anon, authenticated;
grant execute on function public.my_earnings() to authenticated, service_role;
