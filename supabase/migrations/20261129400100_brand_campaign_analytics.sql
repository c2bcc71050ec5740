-- The brand dashboard's cards from real events (issue 40 item 5): impressions (campaign days on
-- fans' calendars), claims (private.campaign_claims) and redemptions the brand reported
-- (private.campaign_redemptions, 20261129400000) of the caller's own campaigns.
-- Invariants:
--   * public.brand_campaign_analytics() answers only campaigns with brand_id = auth.uid() of a caller
--     holding the brand role (anyone else gets no campaigns and zero totals), refuses app tokens, and
--     returns counts only: never a fan id, e-mail, code, claim time or row.
--   * Every figure describing fans is null when fewer than 10 fans are behind it (the same rule and
--     threshold as my_campaigns(), 20261129200300): reach, engaged fans, redemptions, cost per action
--     and conversion rate (their denominators), each week's impressions/claims/redemptions, each region.
--     Nulls are decided here, never in the browser.
--   * Regions are the fans' MediaID location_code (their own country setting), counted for reached
--     fans whose MediaID shares data (privacy switch data_sharing). A region under 10 fans is not
--     listed, and when the unlisted remainder (reach minus the listed regions) would be 1-9 fans the
--     smallest listed region is hidden too, so no small group can be found by subtraction.
--   * Weeks are ISO weeks (Monday start, UTC): impressions by the day's unlock date, claims by
--     claim time, redemptions by the brand's redeemed_at.

create function private.campaign_figures(p_campaigns uuid[]) returns jsonb
language sql stable security definer set search_path = '' as $$
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
    select l.region, count(*) n, count(*) filter (where l.engaged) e from located l group by l.region having count(*) >= 10),
  ranked as (
    select g.*, row_number() over (order by g.n, g.region) rk,
      (select reach from totals) - sum(g.n) over () remainder
    from regions g)
  select jsonb_build_object(
    'reach', case when t.reach >= 10 then t.reach end,
    'engaged_fans', case when t.engaged >= 10 then t.engaged end,
    'spent_cents', t.spent,
    'cost_per_action_cents', case when t.claim_count >= 10 then round(t.spent::numeric / t.claim_count) end,
    'redemptions', case when t.redemptions >= 10 then t.redemptions end,
    'redeemed_amount_cents', case when t.redemptions >= 10 then t.amount end,
    'conversion_rate', case when t.claim_count >= 10 and t.redemptions >= 10
                            then round(100.0 * t.redemptions / t.claim_count, 1) end,
    'weeks', coalesce((select jsonb_agg(jsonb_build_object(
        'week', to_char(w.week, 'IYYY-"W"IW'), 'starts_on', w.week,
        'impressions', case when w.impressions >= 10 then w.impressions end,
        'claims', case when w.claims >= 10 then w.claims end,
        'redemptions', case when w.redemptions >= 10 then w.redemptions end) order by w.week) from weeks w), '[]'::jsonb),
    'regions', coalesce((select jsonb_agg(jsonb_build_object(
        'region', k.region, 'reach', k.n, 'engaged_fans', case when k.e >= 10 then k.e end) order by k.n desc, k.region)
      from ranked k where not (k.rk = 1 and k.remainder between 1 and 9)), '[]'::jsonb))
  from totals t
$$;

create function public.brand_campaign_analytics() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  _me uuid := (select auth.uid());
  _ids uuid[];
begin
  perform private.refuse_app_token();
  if public.holds_role(_me, 'brand') then
    select coalesce(array_agg(c.id), '{}') into _ids from public.brand_campaigns c where c.brand_id = _me;
  else
    _ids := '{}';
  end if;
  return jsonb_build_object(
    'suppressed_under', 10,
    'overall', private.campaign_figures(_ids),
    'campaigns', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'title', c.title, 'starts_on', c.starts_on,
        'ends_on', c.ends_on) || private.campaign_figures(array[c.id]) order by c.created_at desc, c.id)
      from public.brand_campaigns c where c.id = any (_ids)), '[]'::jsonb));
end
$$;
revoke all on function private.campaign_figures(uuid[]) from public, anon, authenticated;
revoke all on function public.brand_campaign_analytics() from public, anon, authenticated;
grant execute on function public.brand_campaign_analytics() to authenticated, service_role;
