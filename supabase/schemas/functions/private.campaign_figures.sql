CREATE OR REPLACE FUNCTION private.campaign_figures(p_campaigns uuid[])
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with reached as (
    select distinct r.fan_id from public.daily_rewards r where r.campaign_id = any (p_campaigns) and not r._deleted),
  claims as (select x.fan_id, x.claimed_at from private.campaign_claims x where x.campaign_id = any (p_campaigns)),
  redeemed as (select d.redeemed_at, d.amount_cents from private.campaign_redemptions d where d.campaign_id = any (p_campaigns)),
  totals as (
    select (select count(*) from reached) reach, (select count(distinct fan_id) from claims) engaged,
      (select count(*) from claims) claim_count, (select count(*) from redeemed) redemptions,
      (select sum(amount_cents) from redeemed) amount,
      (select coalesce(sum(c.spent_cents), 0) from public.brand_campaigns c where c.id = any (p_campaigns)) spent),
  weeks as (
    select w.week,
      (select count(distinct r.fan_id) from public.daily_rewards r where r.campaign_id = any (p_campaigns)
         and not r._deleted and date_trunc('week', r.unlock_date::timestamp)::date = w.week) impressions,
      (select count(*) from claims x where date_trunc('week', x.claimed_at at time zone 'utc')::date = w.week) claims,
      (select count(*) from redeemed d where date_trunc('week', d.redeemed_at at time zone 'utc')::date = w.week) redemptions
    from (select date_trunc('week', r.unlock_date::timestamp)::date week from public.daily_rewards r
            where r.campaign_id = any (p_campaigns) and not r._deleted
          union select date_trunc('week', x.claimed_at at time zone 'utc')::date from claims x
          union select date_trunc('week', d.redeemed_at at time zone 'utc')::date from redeemed d) w),
  located as (
    select upper(m.location_code) region, exists (select 1 from claims x where x.fan_id = f.fan_id) engaged
    from reached f
    join public.media_ids m on m.user_uuid = f.fan_id and m.role = 'fan' and not m._deleted
    where btrim(m.location_code) <> '' and coalesce((m.privacy_settings ->> 'data_sharing')::boolean, false)),
  regions as (
    select l.region, count(*) n, count(*) filter (where l.engaged) e from located l group by l.region having count(*) >= private.min_group_size()),
  ranked as (
    select g.*, row_number() over (order by g.n, g.region) rk,
      (select reach from totals) - sum(g.n) over () remainder
    from regions g)
  select jsonb_build_object(
    'reach', case when t.reach >= private.min_group_size() then t.reach end,
    'engaged_fans', case when t.engaged >= private.min_group_size() then t.engaged end,
    'spent_cents', t.spent,
    'cost_per_action_cents', case when t.claim_count >= private.min_group_size() then round(t.spent::numeric / t.claim_count) end,
    'redemptions', case when t.redemptions >= private.min_group_size() then t.redemptions end,
    'redeemed_amount_cents', case when t.redemptions >= private.min_group_size() then t.amount end,
    'conversion_rate', case when t.claim_count >= private.min_group_size() and t.redemptions >= private.min_group_size()
                            then round(100.0 * t.redemptions / t.claim_count, 1) end,
    'weeks', coalesce((select jsonb_agg(jsonb_build_object(
        'week', to_char(w.week, 'IYYY-"W"IW'), 'starts_on', w.week,
        'impressions', case when w.impressions >= private.min_group_size() then w.impressions end,
        'claims', case when w.claims >= private.min_group_size() then w.claims end,
        'redemptions', case when w.redemptions >= private.min_group_size() then w.redemptions end) order by w.week) from weeks w), '[]'::jsonb),
    'regions', coalesce((select jsonb_agg(jsonb_build_object(
        'region', k.region, 'reach', k.n, 'engaged_fans', case when k.e >= private.min_group_size() then k.e end) order by k.n desc, k.region)
      from ranked k where not (k.rk = 1 and k.remainder between 1 and private.min_group_size() - 1)), '[]'::jsonb))
  from totals t
$function$;
