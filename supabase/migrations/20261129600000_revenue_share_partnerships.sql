-- Revenue share accrues for real, and a brand's 'Top artist partnerships' come from its own
-- collaborations (issue 40 items 4 and 5).
-- Invariants:
--   * A redemption recorded in private.campaign_redemptions (only campaign_record_redemptions,
--     20261129400000, writes it) with an amount, for a code of a revenue_share campaign delivered
--     through a collaboration (public.collab_campaigns), accrues floor(amount_cents x
--     revenue_share_pct / 100) cents to the collaboration's artist in public.collab_earnings with
--     reason 'revenue_share' — in the recording's transaction, by an AFTER INSERT trigger, so the
--     recording function stays defined once. A duplicate redemption inserts no row (on conflict do
--     nothing), so no trigger runs and nothing accrues twice.
--   * Only a code claimed by a fan who follows the collaboration's artist when the earning accrues
--     counts: the same rule as 'code_claimed' (private.collab_accrue_claim, 20261129300000). No fan
--     id is written.
--   * Every accrual is added to the campaign's spent_cents first, capped at the budget left
--     (budget_cents - spent_cents): the campaign row is locked (`for no key update`, the lock the
--     claim's guarded UPDATE takes; it does not conflict with the key-share locks the recording's
--     own foreign keys hold, so two recordings queue instead of deadlocking) and the newest
--     spent_cents decides. A redemption larger than what is left accrues only the remainder, then
--     nothing; the CHECK spent_cents <= budget_cents (20261129200000) backs it up. The ledger
--     therefore never exceeds the brand's budget.
--   * A revenue_share campaign whose budget is spent stops: private.campaign_for_day offers it to no
--     more calendars, a claim of a day already on a calendar is refused with the usual 'ran out'
--     message (a BEFORE UPDATE trigger skips the claim's counter update, so
--     private.fulfil_campaign_claim stays defined once), and my_campaigns() reports it 'spent'.
--   * public.brand_artist_partnerships() answers, for a caller holding the brand role, one row per
--     artist its campaigns are delivered through: the artist's public name and genre (their public
--     profile), campaigns, reach (distinct fans who claimed those campaigns' codes), spend (the
--     brand's collab_earnings with that artist), reported revenue (sum of redemption amounts of those
--     campaigns) and ROI = revenue / spend. Reach is null under 10 fans, revenue and redemptions under
--     10 redemptions (the rule of brand_campaign_analytics, 20261129400100); never a fan id, code or
--     row. Anyone else gets no rows; app tokens are refused.

alter table public.collab_earnings drop constraint collab_earnings_reason_check;
alter table public.collab_earnings
  add constraint collab_earnings_reason_check check (reason in ('code_claimed', 'flat_fee', 'revenue_share'));

-- ------------------------------------------------------------------ the redemption accrues the artist's share
create function private.collab_accrue_revenue_share() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _link public.collab_campaigns;
  _left bigint;
  _share bigint;
  _paid bigint;
begin
  if coalesce(new.amount_cents, 0) = 0 then
    return null;
  end if;
  select * into _link from public.collab_campaigns l where l.campaign_id = new.campaign_id;
  if not found or not exists (
      select 1 from private.campaign_claims x
      join public.subscriptions s on s.fan_id = x.fan_id and s.artist_id = _link.artist_id::text and not s._deleted
      where x.code_id = new.code_id) then
    return null;
  end if;
  select c.budget_cents - c.spent_cents, floor(new.amount_cents * c.revenue_share_pct / 100)::bigint
    into _left, _share
    from public.brand_campaigns c
    where c.id = new.campaign_id and c.payout_model = 'revenue_share'
    for no key update;
  _paid := least(_share, _left);
  if _paid is null or _paid <= 0 then
    return null; -- not a revenue share, a share under a cent, or the budget is spent
  end if;
  update public.brand_campaigns c set spent_cents = c.spent_cents + _paid where c.id = new.campaign_id;
  insert into public.collab_earnings (offer_id, campaign_id, artist_id, brand_id, amount_cents, reason)
    values (_link.offer_id, _link.campaign_id, _link.artist_id, _link.brand_id, _paid, 'revenue_share');
  return null;
end
$$;
revoke all on function private.collab_accrue_revenue_share() from public, anon, authenticated;
create trigger collab_accrue_revenue_share after insert on private.campaign_redemptions
  for each row execute function private.collab_accrue_revenue_share();

-- ------------------------------------------------------------------ a spent revenue share campaign stops
-- Whether a campaign can still pay for a claim: the claim's payout fits the budget left (the guard
-- of fulfil_campaign_claim's UPDATE, 20261129200200), and a revenue share has budget left. The one
-- rule the fill, the claim and my_campaigns() read.
create function private.campaign_has_budget(c public.brand_campaigns) returns boolean
language sql immutable set search_path = '' as $$
  select c.spent_cents + c.payout_per_code_cents <= c.budget_cents
    and (c.payout_model <> 'revenue_share' or c.spent_cents < c.budget_cents)
$$;
revoke all on function private.campaign_has_budget(public.brand_campaigns) from public, anon, authenticated;

-- A claim's counter update (claimed_count + 1, by private.fulfil_campaign_claim) on a campaign with
-- no budget left is skipped, so the claim gets 'this reward ran out…' and nothing is given or
-- counted (for a payout per code the UPDATE's own guard already says so; a revenue share's claim
-- costs nothing there). Every other update (the accruals above) passes.
create function private.revenue_share_spent_stops_claims() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.claimed_count > old.claimed_count and not private.campaign_has_budget(old) then
    return null;
  end if;
  return new;
end
$$;
revoke all on function private.revenue_share_spent_stops_claims() from public, anon, authenticated;
create trigger revenue_share_spent_stops_claims before update on public.brand_campaigns
  for each row execute function private.revenue_share_spent_stops_claims();

-- The one rule that matches a campaign to a fan (20261129300000), its budget test now
-- private.campaign_has_budget: a revenue_share campaign with no budget left matches nobody.
create or replace function private.campaign_for_day(p_fan uuid, p_day integer, p_date date)
returns table (campaign_id uuid, title text, brand_name text, cultural_context text)
language sql stable security definer set search_path = '' as $$
  select c.id, c.title, c.brand_name, c.cultural_context
  from public.brand_campaigns c
  where p_date between c.starts_on and c.ends_on
    and c.brand_id <> p_fan
    and c.claimed_count < c.code_count
    and private.campaign_has_budget(c)
    and (((cardinality(c.genres) = 0
           or exists (select 1 from public.media_ids m where m.user_uuid = p_fan and m.role = 'fan'
                      and not m._deleted and m.genre_preferences && c.genres)
           or exists (select 1 from public.subscriptions s join public.artist_profiles a on a.artist_id::text = s.artist_id
                      where s.fan_id = p_fan and not s._deleted and a.genres && c.genres))
          and (c.min_followers = 0
           or exists (select 1 from public.subscriptions s
                      join public.artist_directory_counts d on d.artist_id::text = s.artist_id
                      where s.fan_id = p_fan and not s._deleted and d.followers >= c.min_followers)))
         -- or delivered through an accepted collaboration with an artist the fan follows
         or exists (select 1 from public.collab_campaigns l join public.subscriptions s on s.artist_id = l.artist_id::text
                    where l.campaign_id = c.id and s.fan_id = p_fan and not s._deleted))
    and not exists (select 1 from public.daily_rewards r
                    where r.fan_id = p_fan and not r._deleted and r.day <> p_day
                      and (r.campaign_id = c.id or (r.source = 'brand' and (r.day - 1) / 7 = (p_day - 1) / 7)))
    and not exists (select 1 from private.campaign_claims x where x.campaign_id = c.id and x.fan_id = p_fan)
  order by c.starts_on, c.created_at, c.id
  limit 1
$$;
revoke all on function private.campaign_for_day(uuid, integer, date) from public, anon, authenticated;

-- my_campaigns() (20261129200300) unchanged but for its 'spent' status: private.campaign_has_budget.
create or replace function public.my_campaigns() returns table (
  id uuid, title text, cultural_context text, genres text[], min_followers integer, payout_model text,
  budget_cents bigint, payout_per_code_cents integer, flat_fee_cents bigint, revenue_share_pct numeric,
  starts_on date, ends_on date, status text, code_count integer, codes_left integer, claims integer,
  spent_cents bigint, reach integer, claims_by_week jsonb, created_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select private.refuse_app_token();
  select c.id, c.title, c.cultural_context, c.genres, c.min_followers, c.payout_model, c.budget_cents,
    c.payout_per_code_cents, c.flat_fee_cents, c.revenue_share_pct, c.starts_on, c.ends_on,
    case when c.ends_on < current_date then 'ended'
         when c.code_count = 0 then 'no_codes'
         when c.claimed_count >= c.code_count then 'out_of_codes'
         when not private.campaign_has_budget(c) then 'spent'
         when c.starts_on > current_date then 'scheduled'
         else 'running' end,
    c.code_count, c.code_count - c.claimed_count, c.claimed_count, c.spent_cents,
    (select case when n >= 10 then n end
     from (select count(distinct r.fan_id)::integer n from public.daily_rewards r
           where r.campaign_id = c.id and not r._deleted) reached),
    coalesce((select jsonb_agg(jsonb_build_object('week', w.week, 'claims', case when w.n >= 10 then w.n end)
                               order by w.week)
              from (select date_trunc('week', x.claimed_at)::date week, count(*)::integer n
                    from private.campaign_claims x where x.campaign_id = c.id group by 1) w), '[]'::jsonb),
    c.created_at
  from public.brand_campaigns c
  where c.brand_id = (select auth.uid())
  order by c.created_at desc, c.id
$$;
-- ------------------------------------------------------------------ top artist partnerships
create function public.brand_artist_partnerships() returns table (
  artist_id uuid, artist_name text, genre text, campaigns integer, reach integer, spend_cents bigint,
  redemptions integer, revenue_cents bigint, roi numeric)
language plpgsql stable security definer set search_path = '' as $$
declare
  _me uuid := (select auth.uid());
begin
  perform private.refuse_app_token();
  if not public.holds_role(_me, 'brand') then
    return;
  end if;
  return query
    with links as (
      select l.artist_id, array_agg(l.campaign_id) ids from public.collab_campaigns l
      where l.brand_id = _me group by l.artist_id),
    figures as (
      select k.artist_id, cardinality(k.ids) campaigns,
        (select count(distinct x.fan_id) from private.campaign_claims x where x.campaign_id = any (k.ids)) fans,
        (select coalesce(sum(e.amount_cents), 0) from public.collab_earnings e
          where e.brand_id = _me and e.artist_id = k.artist_id) spend,
        (select count(*) from private.campaign_redemptions d where d.campaign_id = any (k.ids)) redeemed,
        (select sum(d.amount_cents) from private.campaign_redemptions d where d.campaign_id = any (k.ids)) revenue
      from links k),
    shown as (
      select f.artist_id, f.campaigns, case when f.fans >= 10 then f.fans end reach, f.spend,
        case when f.redeemed >= 10 then f.redeemed end redemptions,
        case when f.redeemed >= 10 then f.revenue end revenue
      from figures f)
    select s.artist_id, private.artist_public_name(s.artist_id),
      (select a.genres[1] from public.artist_profiles a where a.artist_id = s.artist_id),
      s.campaigns::integer, s.reach::integer, s.spend::bigint, s.redemptions::integer, s.revenue::bigint,
      case when s.spend > 0 and s.revenue is not null then round(s.revenue::numeric / s.spend, 2) end
    from shown s
    order by s.spend desc, 2, s.artist_id;
end
$$;
revoke all on function public.brand_artist_partnerships() from public, anon, authenticated;
grant execute on function public.brand_artist_partnerships() to authenticated, service_role;
