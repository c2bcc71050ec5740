-- An accepted collaboration delivers a brand campaign's codes to the artist's followers, and the
-- artist's earnings accrue in a ledger both parties see (issue 40 item 4).
-- Invariants:
--   * public.collab_campaigns links a campaign to the accepted collaboration it is delivered
--     through: written only by collab_deliver_campaign (the offer's brand, its own campaign, not
--     ended; idempotent), one collaboration per campaign, read by the offer's two parties only.
--   * From the link on, private.campaign_for_day (the one rule that matches a campaign to a fan,
--     redefined here) also matches fans who follow the collaboration's artist; consent (brand
--     offers on in the fan's MediaID) is still checked by the fill and again at claim, unchanged.
--   * public.collab_earnings is the ledger: no fan id, written only by server code — the flat fee
--     once when linked (flat_rate, hybrid; at most one flat_fee row per campaign), the payout per
--     code for each code claimed by a follower of the artist (per_code, hybrid), inside the claim's
--     transaction (a trigger on private.campaign_claims). revenue_share accrues nothing
--     until redemptions reach Bucket. Every amount is already part of the campaign's spent_cents,
--     so the ledger never exceeds the brand's budget. Read by the row's artist and brand only.

create table public.collab_campaigns (
  campaign_id uuid primary key references public.brand_campaigns (id) on delete cascade,
  offer_id uuid not null references public.collab_offers (id) on delete cascade,
  artist_id uuid not null references auth.users (id) on delete cascade,
  brand_id uuid not null references auth.users (id) on delete cascade,
  campaign_title text not null,
  payout_model text not null,
  linked_at timestamptz not null default now()
);
create index collab_campaigns_offer on public.collab_campaigns (offer_id);
create index collab_campaigns_artist on public.collab_campaigns (artist_id);

create table public.collab_earnings (
  id bigint generated always as identity primary key,
  offer_id uuid not null references public.collab_offers (id) on delete cascade,
  campaign_id uuid not null references public.brand_campaigns (id) on delete cascade,
  artist_id uuid not null references auth.users (id) on delete cascade,
  brand_id uuid not null references auth.users (id) on delete cascade,
  amount_cents bigint not null check (amount_cents > 0),
  reason text not null check (reason in ('code_claimed', 'flat_fee')),
  created_at timestamptz not null default now()
);
create index collab_earnings_offer on public.collab_earnings (offer_id, created_at desc);
create index collab_earnings_artist on public.collab_earnings (artist_id);
create unique index collab_earnings_one_flat_fee on public.collab_earnings (campaign_id) where reason = 'flat_fee';

alter table public.collab_campaigns enable row level security;
alter table public.collab_earnings enable row level security;
select private.fence_table('public.collab_campaigns');
select private.fence_table('public.collab_earnings');
create policy collab_campaigns_parties on public.collab_campaigns for select to authenticated
  using ((select auth.uid()) in (artist_id, brand_id));
create policy collab_earnings_parties on public.collab_earnings for select to authenticated
  using ((select auth.uid()) in (artist_id, brand_id));
revoke all on public.collab_campaigns, public.collab_earnings from public, anon, authenticated;
grant select on public.collab_campaigns, public.collab_earnings to authenticated;
grant all on public.collab_campaigns, public.collab_earnings to service_role;

-- ------------------------------------------------------------------ the link
create function public.collab_deliver_campaign(p_offer uuid, p_campaign uuid) returns public.collab_campaigns
language plpgsql security definer set search_path = '' as $$
declare
  _me uuid := (select auth.uid());
  _offer public.collab_offers;
  _c public.brand_campaigns;
  _link public.collab_campaigns;
  _fan uuid;
begin
  perform private.refuse_app_token();
  select * into _offer from public.collab_offers o where o.id = p_offer for update;
  if not found or _me is null or _me not in (_offer.artist_id, _offer.brand_id) then
    raise exception 'No such collaboration' using errcode = 'P0002';
  end if;
  if _me <> _offer.brand_id then
    raise exception 'Only the brand delivers its campaign codes' using errcode = '42501';
  end if;
  if _offer.status <> 'accepted' then
    raise exception 'Only an accepted collaboration delivers codes (this one is %)', _offer.status using errcode = '55000';
  end if;
  select * into _c from public.brand_campaigns c where c.id = p_campaign and c.brand_id = _me for update;
  if not found then
    raise exception 'No such campaign' using errcode = 'P0002';
  end if;
  select * into _link from public.collab_campaigns l where l.campaign_id = p_campaign;
  if found then
    if _link.offer_id = p_offer then
      return _link; -- delivered already: nothing changes, nothing accrues again
    end if;
    raise exception 'This campaign already delivers codes through another collaboration' using errcode = '23505';
  end if;
  if _c.ends_on < current_date then
    raise exception 'This campaign has ended: it delivers no more codes' using errcode = '22023';
  end if;
  insert into public.collab_campaigns (campaign_id, offer_id, artist_id, brand_id, campaign_title, payout_model)
    values (_c.id, _offer.id, _offer.artist_id, _offer.brand_id, _c.title, _c.payout_model)
    returning * into _link;
  if _c.flat_fee_cents > 0 then
    -- already in the campaign's spent_cents since launch: the artist's flat fee, once
    insert into public.collab_earnings (offer_id, campaign_id, artist_id, brand_id, amount_cents, reason)
      values (_offer.id, _c.id, _offer.artist_id, _offer.brand_id, _c.flat_fee_cents, 'flat_fee')
      on conflict do nothing;
  end if;
  -- The artist's consenting followers get the campaign on their calendars now (fan order: no deadlocks).
  for _fan in select distinct s.fan_id from public.subscriptions s
      where s.artist_id = _offer.artist_id::text and not s._deleted and s.fan_id <> _me
        and private.brand_offers_allowed(s.fan_id)
      order by s.fan_id loop
    perform private.fill_reward_calendar(_fan);
  end loop;
  return _link;
end
$$;
revoke all on function public.collab_deliver_campaign(uuid, uuid) from public, anon, authenticated;
grant execute on function public.collab_deliver_campaign(uuid, uuid) to authenticated, service_role;

-- Each collaboration's earnings for the caller (its artist or its brand): totals, never a fan.
create function public.my_collab_earnings() returns table (
  offer_id uuid, total_cents bigint, code_claims integer, flat_fees integer
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.refuse_app_token();
  return query
    select e.offer_id, sum(e.amount_cents)::bigint, (count(*) filter (where e.reason = 'code_claimed'))::integer,
      (count(*) filter (where e.reason = 'flat_fee'))::integer
    from public.collab_earnings e
    where (select auth.uid()) in (e.artist_id, e.brand_id)
    group by e.offer_id;
end
$$;
revoke all on function public.my_collab_earnings() from public, anon, authenticated;
grant execute on function public.my_collab_earnings() to authenticated, service_role;

-- ------------------------------------------------------------------ matching: the one rule, plus followers
create or replace function private.campaign_for_day(p_fan uuid, p_day integer, p_date date)
returns table (campaign_id uuid, title text, brand_name text, cultural_context text)
language sql stable security definer set search_path = '' as $$
  select c.id, c.title, c.brand_name, c.cultural_context
  from public.brand_campaigns c
  where p_date between c.starts_on and c.ends_on
    and c.brand_id <> p_fan
    and c.claimed_count < c.code_count
    and c.spent_cents + c.payout_per_code_cents <= c.budget_cents
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

-- ------------------------------------------------------------------ the claim accrues the artist's earning
-- A trigger on the claim row, so private.fulfil_campaign_claim stays defined once: it runs in the
-- claim's transaction, and campaign_claims' key lets a fan claim a campaign once, so a claim accrues
-- at most once however many run at once. No fan id is written.
create function private.collab_accrue_claim() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.collab_earnings (offer_id, campaign_id, artist_id, brand_id, amount_cents, reason)
    select l.offer_id, l.campaign_id, l.artist_id, l.brand_id, c.payout_per_code_cents, 'code_claimed'
    from public.collab_campaigns l
    join public.brand_campaigns c on c.id = l.campaign_id
    where l.campaign_id = new.campaign_id and c.payout_per_code_cents > 0
      and exists (select 1 from public.subscriptions s
                  where s.fan_id = new.fan_id and s.artist_id = l.artist_id::text and not s._deleted);
  return null;
end
$$;
revoke all on function private.collab_accrue_claim() from public, anon, authenticated;
create trigger collab_accrue_claim after insert on private.campaign_claims
  for each row execute function private.collab_accrue_claim();

revoke all on function private.campaign_for_day(uuid, integer, date) from public, anon, authenticated;
