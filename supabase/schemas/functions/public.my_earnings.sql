CREATE OR REPLACE FUNCTION public.my_earnings()
 RETURNS TABLE(gross_30d bigint, fees_30d bigint, refunds_30d bigint, net_30d bigint, gross_all bigint, fees_all bigint, refunds_all bigint, net_all bigint, mrr bigint, paying_tier1 integer, paying_tier2 integer, paying_tier3 integer, churned_30d integer, churn_rate numeric)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
