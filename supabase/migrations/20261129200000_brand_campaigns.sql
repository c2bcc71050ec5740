-- Brands run campaigns for real (issue 40 item 3): a campaign and its pool of codes.
-- Invariants:
--   * public.brand_campaigns is owned by the brand that inserts it (brand_id = auth.uid(), the
--     caller holding the brand role). The API may insert only the brand's own choices (column
--     grants): title, cultural context, targeting (genres, a followers filter), budget, payout
--     model and its figures, dates. brand_name, code_count, claimed_count, spent_cents and
--     created_at are server-owned: set by the BEFORE INSERT trigger and afterwards only by
--     triggers (codes added, claims). No API role may update or delete a campaign.
--   * Money is in cents. spent_cents = flat fee + payout per code x claims, and the CHECK
--     spent_cents <= budget_cents makes an overspent budget impossible whatever runs at once; a
--     claim that would pass the budget is refused (20261129200100), so the campaign stops when spent.
--     Payout models: per code claimed (a payout per code), flat rate (a flat fee, spent at launch),
--     revenue share (a percentage of the brand's reported revenue; claims cost nothing here),
--     hybrid (a flat fee plus a payout per code).
--   * public.campaign_codes holds the pool: the owning brand inserts codes (campaign_id, code) for
--     its own campaign before the campaign ends, at most 10,000 per campaign, each once per
--     campaign; it can read its codes back and whether each was taken, never by whom: who got
--     which code lives in private.campaign_claims (20261129200100), which no API role can read.
--     code_count follows inserted codes (a statement trigger, one UPDATE per campaign).

create table public.brand_campaigns (
  id uuid primary key default gen_random_uuid(),
  brand_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  brand_name text not null default '',
  title text not null check (char_length(btrim(title)) between 1 and 80),
  cultural_context text not null default '' check (char_length(cultural_context) <= 1000),
  genres text[] not null default '{}' check (
    array_position(genres, null) is null
    and genres <@ array['Electronic', 'Hip-Hop', 'R&B', 'Indie Rock', 'Folk', 'Jazz', 'Synthwave', 'Lo-fi',
      'Ambient', 'Experimental', 'Pop', 'Alternative']),
  -- fans who follow an artist with at least this many followers; 0 = any size
  min_followers integer not null default 0 check (min_followers in (0, 500, 1000, 5000, 10000, 50000)),
  budget_cents bigint not null check (budget_cents between 100 and 100000000000),
  payout_model text not null check (payout_model in ('per_code', 'flat_rate', 'revenue_share', 'hybrid')),
  payout_per_code_cents integer not null default 0 check (payout_per_code_cents between 0 and 100000000),
  flat_fee_cents bigint not null default 0 check (flat_fee_cents >= 0),
  revenue_share_pct numeric(5, 2) check (revenue_share_pct is null or revenue_share_pct between 0.01 and 100),
  starts_on date not null,
  ends_on date not null,
  code_count integer not null default 0 check (code_count between 0 and 10000),
  claimed_count integer not null default 0 check (claimed_count >= 0),
  spent_cents bigint not null default 0 check (spent_cents >= 0),
  created_at timestamptz not null default now(),
  check (ends_on >= starts_on and ends_on <= starts_on + 90),
  check (claimed_count <= code_count),
  check (spent_cents <= budget_cents),
  check (flat_fee_cents <= budget_cents and payout_per_code_cents <= budget_cents),
  check (case payout_model
    when 'per_code' then payout_per_code_cents > 0 and flat_fee_cents = 0 and revenue_share_pct is null
    when 'flat_rate' then payout_per_code_cents = 0 and flat_fee_cents > 0 and revenue_share_pct is null
    when 'revenue_share' then payout_per_code_cents = 0 and flat_fee_cents = 0 and revenue_share_pct is not null
    else payout_per_code_cents > 0 and flat_fee_cents > 0 and revenue_share_pct is null end)
);
create index brand_campaigns_brand_idx on public.brand_campaigns (brand_id, created_at desc);
create index brand_campaigns_dates_idx on public.brand_campaigns (starts_on, ends_on);

create table public.campaign_codes (
  id bigint generated always as identity primary key,
  campaign_id uuid not null references public.brand_campaigns (id) on delete cascade,
  code text not null check (char_length(code) between 1 and 64 and code = btrim(code)),
  taken boolean not null default false,
  unique (campaign_id, code)
);
create index campaign_codes_free on public.campaign_codes (campaign_id, id) where not taken;

-- ------------------------------------------------------------------ server-owned columns
create function private.brand_campaign_before_insert() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.starts_on < current_date then
    raise exception 'A campaign starts today or later' using errcode = '22023';
  end if;
  if (select count(*) from public.brand_campaigns c where c.brand_id = new.brand_id) >= 200 then
    raise exception 'A brand can run at most 200 campaigns' using errcode = '54000';
  end if;
  new.title := btrim(new.title);
  new.cultural_context := btrim(new.cultural_context);
  new.genres := coalesce((select array_agg(distinct g order by g) from unnest(new.genres) g), '{}');
  new.brand_name := private.brand_public_name(new.brand_id);
  new.code_count := 0;
  new.claimed_count := 0;
  new.spent_cents := new.flat_fee_cents; -- a flat fee is committed at launch
  new.created_at := now();
  return new;
end
$$;
create trigger brand_campaign_before_insert before insert on public.brand_campaigns
  for each row execute function private.brand_campaign_before_insert();

-- One UPDATE per campaign per statement: the pool's size, the 10,000 cap, no codes after the end.
create function private.campaign_codes_counted() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _c record;
begin
  for _c in select n.campaign_id, count(*)::integer added from new_codes n group by n.campaign_id order by n.campaign_id loop
    update public.brand_campaigns c set code_count = c.code_count + _c.added where c.id = _c.campaign_id
      and c.ends_on >= current_date;
    if not found then
      raise exception 'This campaign has ended: it takes no more codes' using errcode = '22023';
    end if;
  end loop;
  return null;
exception when check_violation then
  raise exception 'A campaign holds at most 10,000 codes' using errcode = '22023';
end
$$;
create trigger campaign_codes_counted after insert on public.campaign_codes
  referencing new table as new_codes for each statement execute function private.campaign_codes_counted();

-- ------------------------------------------------------------------ access
alter table public.brand_campaigns enable row level security;
alter table public.campaign_codes enable row level security;
select private.fence_table('public.brand_campaigns');
select private.fence_table('public.campaign_codes');
revoke all on public.brand_campaigns, public.campaign_codes from public, anon, authenticated;
grant select on public.brand_campaigns, public.campaign_codes to authenticated;
grant insert (id, brand_id, title, cultural_context, genres, min_followers, budget_cents, payout_model,
  payout_per_code_cents, flat_fee_cents, revenue_share_pct, starts_on, ends_on) on public.brand_campaigns to authenticated;
grant insert (campaign_id, code) on public.campaign_codes to authenticated;
grant all on public.brand_campaigns, public.campaign_codes to service_role;

create policy brand_campaigns_own on public.brand_campaigns for select to authenticated
  using (brand_id = (select auth.uid()));
create policy brand_campaigns_launch on public.brand_campaigns for insert to authenticated
  with check (brand_id = (select auth.uid()) and public.holds_role((select auth.uid()), 'brand'));
create policy campaign_codes_own on public.campaign_codes for select to authenticated
  using (exists (select 1 from public.brand_campaigns c where c.id = campaign_id and c.brand_id = (select auth.uid())));
create policy campaign_codes_add on public.campaign_codes for insert to authenticated
  with check (exists (select 1 from public.brand_campaigns c where c.id = campaign_id and c.brand_id = (select auth.uid())));

revoke all on function private.brand_campaign_before_insert(), private.campaign_codes_counted()
  from public, anon, authenticated;
