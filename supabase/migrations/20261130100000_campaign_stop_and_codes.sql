-- A brand's campaign after launch (issue 40 item 3): the owner stops it, or adds codes while it runs.
-- Invariants:
--   * public.brand_campaigns.stopped_at is server-owned: no API role may insert or update it (no
--     column grant, no update grant at all); only public.campaign_stop sets it, once, and nothing
--     clears it. A stopped campaign stays stopped.
--   * One rule decides whether a campaign still gives codes: private.campaign_has_budget(c)
--     (20261129600000), now also false once c.stopped_at is set. The fill
--     (private.campaign_for_day), the claim (the BEFORE UPDATE trigger on the claim's counter
--     update) and my_campaigns() all read it, so a stopped campaign gets no new calendar days and no
--     claim is counted. The name is kept because those three read it by name.
--   * A claim of a stopped campaign's day already on a fan's calendar (today's day, or one waiting
--     in a device's outbox) is refused with 'Day N: the brand stopped this campaign before your claim
--     reached Bucket, so nothing was given' — in the style of the 'ran out' refusal — and nothing is
--     given or counted. The claim locks the campaign row (`for no key update`, the lock its guarded
--     UPDATE takes) before it reads stopped_at, so a stop that committed is always seen, and a stop
--     waits for claims already holding the row: once the stop commits, no claim succeeds.
--   * Codes a fan claimed before the stop stay theirs (locker, campaign_claims, taken codes untouched).
--   * The stop refills, in fan order, the calendars of fans with a future day of the campaign, so
--     those days turn into other rewards at once; days up to today stay as the fan saw them.
--   * A stopped campaign takes no codes by any path (campaign_add_codes or inserting rows): the
--     pool's statement trigger refuses them, under the campaign's row lock.
--   * A stopped campaign is not delivered through a collaboration (no link, no flat fee accrued to
--     the artist): public.collab_deliver_campaign (20261129300000) keeps its body, renamed into
--     private, behind a wrapper that checks the stop under the campaign's row lock.
--   * public.campaign_add_codes(campaign, codes) adds codes to the caller's own campaign: trimmed,
--     each once; codes already in the pool (or repeated in the list) are skipped and counted; the
--     10,000 cap holds (nothing is added when it would pass). Both functions answer 'No such
--     campaign' to anyone but the owning brand, refuse app tokens and have search_path = ''.

alter table public.brand_campaigns add column stopped_at timestamptz;

-- ------------------------------------------------------------------ the one rule, now with the stop
create or replace function private.campaign_has_budget(c public.brand_campaigns) returns boolean
language sql immutable set search_path = '' as $$
  select c.stopped_at is null
    and c.spent_cents + c.payout_per_code_cents <= c.budget_cents
    and (c.payout_model <> 'revenue_share' or c.spent_cents < c.budget_cents)
$$;

-- ------------------------------------------------------------------ the claim: a clear refusal
-- The claim's body (20261129200200) is kept as it is, renamed; the name the claim trigger calls
-- checks the stop first, under the campaign's row lock, then hands over.
alter function private.fulfil_campaign_claim(uuid, public.daily_rewards) rename to fulfil_campaign_claim_body;

create function private.fulfil_campaign_claim(p_fan uuid, p_day public.daily_rewards) returns void
language plpgsql security definer set search_path = '' as $$
declare
  _stopped timestamptz;
begin
  select c.stopped_at into _stopped from public.brand_campaigns c where c.id = p_day.campaign_id for no key update;
  if _stopped is not null then
    raise exception 'Day %: the brand stopped this campaign before your claim reached Bucket, so nothing was given',
      p_day.day using errcode = 'P0001';
  end if;
  perform private.fulfil_campaign_claim_body(p_fan, p_day);
end
$$;
revoke all on function private.fulfil_campaign_claim(uuid, public.daily_rewards),
  private.fulfil_campaign_claim_body(uuid, public.daily_rewards) from public, anon, authenticated;

-- ------------------------------------------------------------------ no codes into a stopped campaign
-- 20261129200000's pool counter, with the stop added to its guard and its refusal.
create or replace function private.campaign_codes_counted() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _c record;
begin
  for _c in select n.campaign_id, count(*)::integer added from new_codes n group by n.campaign_id order by n.campaign_id loop
    update public.brand_campaigns c set code_count = c.code_count + _c.added where c.id = _c.campaign_id
      and c.ends_on >= current_date and c.stopped_at is null;
    if not found then
      if exists (select 1 from public.brand_campaigns c where c.id = _c.campaign_id and c.stopped_at is not null) then
        raise exception 'This campaign was stopped: it takes no more codes' using errcode = '22023';
      end if;
      raise exception 'This campaign has ended: it takes no more codes' using errcode = '22023';
    end if;
  end loop;
  return null;
exception when check_violation then
  raise exception 'A campaign holds at most 10,000 codes' using errcode = '22023';
end
$$;

-- ------------------------------------------------------------------ stop
create function public.campaign_stop(p_campaign uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  _c public.brand_campaigns;
  _fan uuid;
begin
  perform private.refuse_app_token();
  -- the claim's row lock: claims holding it finish first, later ones see the stop
  select * into _c from public.brand_campaigns c
    where c.id = p_campaign and c.brand_id = (select auth.uid()) for no key update;
  if _c.id is null then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if _c.stopped_at is null then
    update public.brand_campaigns c set stopped_at = now() where c.id = _c.id returning * into _c;
    for _fan in select distinct r.fan_id from public.daily_rewards r
        where r.campaign_id = _c.id and not r._deleted and r.unlock_date > current_date
        order by r.fan_id loop
      perform private.fill_reward_calendar(_fan);
    end loop;
  end if;
  return jsonb_build_object('stopped_at', _c.stopped_at, 'claims', _c.claimed_count,
    'codes_left', _c.code_count - _c.claimed_count);
end
$$;

-- ------------------------------------------------------------------ add codes
create function public.campaign_add_codes(p_campaign uuid, p_codes text[]) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  _given integer := coalesce(cardinality(p_codes), 0);
  _added integer;
  _stopped timestamptz;
begin
  perform private.refuse_app_token();
  select c.stopped_at into _stopped from public.brand_campaigns c
    where c.id = p_campaign and c.brand_id = (select auth.uid());
  if not found then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if _stopped is not null then
    raise exception 'This campaign was stopped: it takes no more codes' using errcode = '22023';
  end if;
  if _given > 10000 then
    raise exception 'A campaign holds at most 10,000 codes' using errcode = '22023';
  end if;
  -- the pool's triggers count the codes, keep the cap, refuse an ended or stopped campaign and fill calendars
  insert into public.campaign_codes (campaign_id, code)
    select p_campaign, k.code from (select distinct btrim(x) code from unnest(p_codes) x) k
    where k.code is not null and k.code <> '' order by k.code
    on conflict (campaign_id, code) do nothing;
  get diagnostics _added = row_count;
  return jsonb_build_object('added', _added, 'skipped', _given - _added,
    'code_count', (select c.code_count from public.brand_campaigns c where c.id = p_campaign));
end
$$;

revoke all on function public.campaign_stop(uuid), public.campaign_add_codes(uuid, text[])
  from public, anon, authenticated;
grant execute on function public.campaign_stop(uuid), public.campaign_add_codes(uuid, text[])
  to authenticated, service_role;

-- ------------------------------------------------------------------ no delivery of a stopped campaign
alter function public.collab_deliver_campaign(uuid, uuid) rename to collab_deliver_campaign_body;
alter function public.collab_deliver_campaign_body(uuid, uuid) set schema private;
revoke all on function private.collab_deliver_campaign_body(uuid, uuid) from public, anon, authenticated;

create function public.collab_deliver_campaign(p_offer uuid, p_campaign uuid) returns public.collab_campaigns
language plpgsql security definer set search_path = '' as $$
declare
  _stopped timestamptz;
begin
  perform private.refuse_app_token();
  -- the caller's own campaign only; anything else gets the body's own refusals. Locked, so a stop
  -- cannot commit between this check and the link. Every delivery takes this lock first: one order.
  select c.stopped_at into _stopped from public.brand_campaigns c
    where c.id = p_campaign and c.brand_id = (select auth.uid()) for update;
  if _stopped is not null then
    raise exception 'This campaign was stopped: it delivers no more codes' using errcode = '22023';
  end if;
  return private.collab_deliver_campaign_body(p_offer, p_campaign);
end
$$;
revoke all on function public.collab_deliver_campaign(uuid, uuid) from public, anon, authenticated;
grant execute on function public.collab_deliver_campaign(uuid, uuid) to authenticated, service_role;

-- ------------------------------------------------------------------ my_campaigns() reports the stop
-- 20261129600000's my_campaigns() with status 'stopped' (before every other status: the brand's
-- own decision explains the campaign best) and stopped_at; a new column means a new signature.
drop function public.my_campaigns();
create function public.my_campaigns() returns table (
  id uuid, title text, cultural_context text, genres text[], min_followers integer, payout_model text,
  budget_cents bigint, payout_per_code_cents integer, flat_fee_cents bigint, revenue_share_pct numeric,
  starts_on date, ends_on date, status text, code_count integer, codes_left integer, claims integer,
  spent_cents bigint, reach integer, claims_by_week jsonb, created_at timestamptz, stopped_at timestamptz)
language sql stable security definer set search_path = '' as $$
  select private.refuse_app_token();
  select c.id, c.title, c.cultural_context, c.genres, c.min_followers, c.payout_model, c.budget_cents,
    c.payout_per_code_cents, c.flat_fee_cents, c.revenue_share_pct, c.starts_on, c.ends_on,
    case when c.stopped_at is not null then 'stopped'
         when c.ends_on < current_date then 'ended'
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
    c.created_at, c.stopped_at
  from public.brand_campaigns c
  where c.brand_id = (select auth.uid())
  order by c.created_at desc, c.id
$$;
revoke all on function public.my_campaigns() from public, anon, authenticated;
grant execute on function public.my_campaigns() to authenticated, service_role;
