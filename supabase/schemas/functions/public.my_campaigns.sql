CREATE OR REPLACE FUNCTION public.my_campaigns()
 RETURNS TABLE(id uuid, title text, cultural_context text, genres text[], min_followers integer, payout_model text, budget_cents bigint, payout_per_code_cents integer, flat_fee_cents bigint, revenue_share_pct numeric, starts_on date, ends_on date, status text, code_count integer, codes_left integer, claims integer, spent_cents bigint, reach integer, claims_by_week jsonb, created_at timestamp with time zone, stopped_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.refuse_app_token();
  select c.id, c.title, c.cultural_context, c.genres, c.min_followers, c.payout_model, c.budget_cents,
    c.payout_per_code_cents, c.flat_fee_cents, c.revenue_share_pct, c.starts_on, c.ends_on,
    private.campaign_status(c, current_date),
    c.code_count, c.code_count - c.claimed_count, c.claimed_count, c.spent_cents,
    (select case when n >= private.min_group_size() then n end
     from (select count(distinct r.fan_id)::integer n from public.daily_rewards r
           where r.campaign_id = c.id and not r._deleted) reached),
    coalesce((select jsonb_agg(jsonb_build_object('week', w.week, 'claims', case when w.n >= private.min_group_size() then w.n end)
                               order by w.week)
              from (select date_trunc('week', x.claimed_at)::date week, count(*)::integer n
                    from private.campaign_claims x where x.campaign_id = c.id group by 1) w), '[]'::jsonb),
    c.created_at, c.stopped_at
  from public.brand_campaigns c
  where c.brand_id = (select auth.uid())
  order by c.created_at desc, c.id
$function$;
