-- Fan experience tables (spec §3 locker item, daily reward; §6 tiers): locker_items,
-- locker_interactions, locker_comments, subscriptions, daily_rewards, reward_claims.
-- Invariants: sync columns as in the core schema (_modified set by trigger, _deleted soft delete,
-- (_modified, id) index); a fan reads and writes only their own interactions, comments, claims
-- and subscriptions (RLS); drops and calendars are written only by the server (service_role or
-- the security-definer sample generator); triggers — so they hold for REST and for sync_push —
-- refuse a claim of a locked day, a comment under the drop's fan_tier_required, and a fan
-- raising their own paid tier. Ids of per-fan rows are deterministic (fan id | key), so the
-- same action taken offline on two devices converges on one row.

-- ------------------------------------------------------------------ tables
create table public.locker_items (
  id text primary key,
  fan_id uuid references auth.users (id) on delete cascade, -- null: a drop for every signed-in fan
  type text not null check (type in ('music', 'video', 'code', 'event', 'image', 'bonus', 'other')),
  title text not null,
  artist text not null,
  description text not null default '',
  thumbnail text not null default '',
  rarity text not null check (rarity in ('common', 'rare', 'epic', 'legendary')),
  is_new boolean not null default false,
  code_value text,
  brand_name text,
  heart_count integer not null default 0,
  fire_count integer not null default 0,
  star_count integer not null default 0,
  share_count integer not null default 0,
  comment_count integer not null default 0,
  fan_tier_required integer not null default 0 check (fan_tier_required between 0 and 3),
  priority integer not null default 0,
  publish_date date not null default current_date,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create table public.locker_interactions (
  id text primary key,
  fan_id uuid not null references auth.users (id) on delete cascade,
  item_id text not null references public.locker_items (id) on delete cascade,
  reaction text check (reaction in ('heart', 'fire', 'star')),
  saved boolean not null default false,
  used boolean not null default false,
  shared boolean not null default false,
  claimed_date date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint locker_interactions_fan_item_key unique (fan_id, item_id)
);

create table public.locker_comments (
  id uuid primary key default gen_random_uuid(),
  fan_id uuid not null references auth.users (id) on delete cascade,
  item_id text not null references public.locker_items (id) on delete cascade,
  body text not null check (char_length(btrim(body)) between 1 and 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false
);

create table public.subscriptions (
  id text primary key,
  fan_id uuid not null references auth.users (id) on delete cascade,
  artist_id text not null,
  artist_name text not null default '',
  tier text not null default 'free' check (tier in ('free', 'tier1', 'tier2', 'tier3')),
  fan_tier integer generated always as (
    case tier when 'tier1' then 1 when 'tier2' then 2 when 'tier3' then 3 else 0 end) stored,
  price integer not null default 0 check (price >= 0), -- US dollars per month
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint subscriptions_fan_artist_key unique (fan_id, artist_id)
);

create table public.daily_rewards (
  id text primary key,
  fan_id uuid not null references auth.users (id) on delete cascade,
  day integer not null check (day between 1 and 30),
  type text not null check (type in ('music', 'video', 'code', 'bonus')),
  rarity text not null check (rarity in ('common', 'rare', 'epic', 'legendary')),
  title text not null,
  artist text not null,
  description text not null default '',
  thumbnail text not null default '',
  brand_name text,
  streak_bonus boolean not null default false,
  unlock_date date not null,
  unlocked_early boolean not null default false, -- claimable before its unlock date
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint daily_rewards_fan_day_key unique (fan_id, day)
);

create table public.reward_claims (
  id text primary key,
  fan_id uuid not null references auth.users (id) on delete cascade,
  day integer not null check (day between 1 and 30),
  claimed_at timestamptz not null default now(),
  reacted boolean not null default false,
  saved boolean not null default false,
  shared boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  _modified timestamptz not null default clock_timestamp(),
  _deleted boolean not null default false,
  constraint reward_claims_fan_day_key unique (fan_id, day)
);

create index locker_items_modified_id_idx on public.locker_items (_modified, id);
create index locker_items_fan_id_idx on public.locker_items (fan_id);
create index locker_interactions_modified_id_idx on public.locker_interactions (_modified, id);
create index locker_comments_modified_id_idx on public.locker_comments (_modified, id);
create index locker_comments_fan_id_idx on public.locker_comments (fan_id);
create index subscriptions_modified_id_idx on public.subscriptions (_modified, id);
create index daily_rewards_modified_id_idx on public.daily_rewards (_modified, id);
create index reward_claims_modified_id_idx on public.reward_claims (_modified, id);

create trigger set_modified before insert or update on public.locker_items
  for each row execute function public.set_modified();
create trigger set_modified before insert or update on public.locker_interactions
  for each row execute function public.set_modified();
create trigger set_modified before insert or update on public.locker_comments
  for each row execute function public.set_modified();
create trigger set_modified before insert or update on public.subscriptions
  for each row execute function public.set_modified();
create trigger set_modified before insert or update on public.daily_rewards
  for each row execute function public.set_modified();
create trigger set_modified before insert or update on public.reward_claims
  for each row execute function public.set_modified();

-- ------------------------------------------------------------------ rules (triggers)
-- Per-fan ids are `fan_id|key`: filled when absent, refused when they do not match.
create function public.fan_row_set_id() returns trigger
language plpgsql as $$
declare
  _key text := case tg_table_name
    when 'locker_interactions' then new.fan_id::text || '|' || (to_jsonb(new) ->> 'item_id')
    when 'subscriptions' then new.fan_id::text || '|' || (to_jsonb(new) ->> 'artist_id')
    else new.fan_id::text || '|' || (to_jsonb(new) ->> 'day') end;
begin
  if new.id is null or new.id = '' then
    new.id := _key;
  elsif new.id <> _key then
    raise exception '%.id must be %', tg_table_name, _key using errcode = '23514';
  end if;
  if tg_op = 'UPDATE' and new.fan_id is distinct from old.fan_id then
    raise exception 'fan_id cannot change' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger fan_row_set_id before insert or update on public.locker_interactions
  for each row execute function public.fan_row_set_id();
create trigger fan_row_set_id before insert or update on public.subscriptions
  for each row execute function public.fan_row_set_id();
create trigger fan_row_set_id before insert or update on public.reward_claims
  for each row execute function public.fan_row_set_id();

-- A statement made by an API role (REST or sync_push), not by a security-definer server function.
create function public.is_api_caller() returns boolean
language sql stable as $$
  select current_user in ('anon', 'authenticated')
$$;

-- The fan's numeric tier (spec §6): the highest active subscription, 0 without one.
create function public.fan_tier(p_fan uuid) returns integer
language sql stable security definer set search_path = public as $$
  select coalesce(max(s.fan_tier), 0) from public.subscriptions s where s.fan_id = p_fan and not s._deleted
$$;

-- Spec §5: a comment needs fan tier >= the drop's fan_tier_required.
create function public.check_comment_tier() returns trigger
language plpgsql security definer set search_path = public as $$
declare
  _required integer;
  _tier integer;
begin
  if tg_op = 'UPDATE' and new.item_id is distinct from old.item_id then
    raise exception 'a comment cannot move to another drop' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' then
    return new; -- edits and soft deletes of an accepted comment
  end if;
  select i.fan_tier_required into _required from public.locker_items i
    where i.id = new.item_id and (i.fan_id is null or i.fan_id = new.fan_id) and not i._deleted;
  if _required is null then
    raise exception 'drop % not found', new.item_id using errcode = '23503';
  end if;
  _tier := public.fan_tier(new.fan_id);
  if _tier < _required then
    raise exception 'Tier %+ Required to Comment', _required using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger check_comment_tier before insert or update on public.locker_comments
  for each row execute function public.check_comment_tier();

-- Spec §4 reward day: only an unlocked day can be claimed, once; a claim is never withdrawn.
create function public.check_reward_claim() returns trigger
language plpgsql set search_path = public as $$
declare
  _reward public.daily_rewards;
begin
  if tg_op = 'UPDATE' then
    if new.day <> old.day or new.claimed_at <> old.claimed_at or (old._deleted is false and new._deleted) then
      raise exception 'a reward claim cannot be changed or withdrawn' using errcode = '42501';
    end if;
    return new;
  end if;
  select * into _reward from public.daily_rewards r where r.fan_id = new.fan_id and r.day = new.day and not r._deleted;
  if _reward.id is null then
    raise exception 'Day % is not in your reward calendar', new.day using errcode = '23503';
  end if;
  if _reward.unlock_date > current_date and not _reward.unlocked_early then
    raise exception 'Day % is still locked - come back on %', new.day, _reward.unlock_date using errcode = '42501';
  end if;
  if public.is_api_caller() then
    new.claimed_at := now(); -- the server's clock, not the device's
  end if;
  return new;
end
$$;

create trigger check_reward_claim before insert or update on public.reward_claims
  for each row execute function public.check_reward_claim();

-- Paid tiers come from the payment side (service_role); a fan may only hold free or step down.
create function public.check_subscription_tier() returns trigger
language plpgsql as $$
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if tg_op = 'INSERT' and new.tier <> 'free' then
    raise exception 'paid tiers are granted by the payment service' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and new.tier is distinct from old.tier
     and (case new.tier when 'tier1' then 1 when 'tier2' then 2 when 'tier3' then 3 else 0 end)
       > (case old.tier when 'tier1' then 1 when 'tier2' then 2 when 'tier3' then 3 else 0 end) then
    raise exception 'paid tiers are granted by the payment service' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and new.price > old.price then
    raise exception 'price is set by the payment service' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger check_subscription_tier before insert or update on public.subscriptions
  for each row execute function public.check_subscription_tier();

-- ------------------------------------------------------------------ RLS
alter table public.locker_items enable row level security;
alter table public.locker_interactions enable row level security;
alter table public.locker_comments enable row level security;
alter table public.subscriptions enable row level security;
alter table public.daily_rewards enable row level security;
alter table public.reward_claims enable row level security;

revoke all on public.locker_items, public.locker_interactions, public.locker_comments,
  public.subscriptions, public.daily_rewards, public.reward_claims from anon;
grant select on public.locker_items, public.daily_rewards to authenticated;
grant select, insert, update on public.locker_interactions, public.locker_comments,
  public.subscriptions, public.reward_claims to authenticated;
grant all on public.locker_items, public.locker_interactions, public.locker_comments,
  public.subscriptions, public.daily_rewards, public.reward_claims to service_role;

create policy locker_items_read on public.locker_items for select to authenticated
  using (fan_id is null or fan_id = auth.uid());
create policy daily_rewards_read_own on public.daily_rewards for select to authenticated
  using (fan_id = auth.uid());

create policy locker_interactions_own on public.locker_interactions for all to authenticated
  using (fan_id = auth.uid())
  with check (fan_id = auth.uid()
    and exists (select 1 from public.locker_items i where i.id = item_id)); -- visible drops only
create policy locker_comments_own on public.locker_comments for all to authenticated
  using (fan_id = auth.uid())
  with check (fan_id = auth.uid());
create policy subscriptions_own on public.subscriptions for all to authenticated
  using (fan_id = auth.uid())
  with check (fan_id = auth.uid());
create policy reward_claims_own on public.reward_claims for all to authenticated
  using (fan_id = auth.uid())
  with check (fan_id = auth.uid());

revoke all on function public.fan_tier(uuid) from public;
grant execute on function public.fan_tier(uuid) to service_role;

-- Writable fan tables go through the compare-and-set push; drops and calendars are pull-only.
insert into public.sync_tables (name) values
  ('locker_interactions'), ('locker_comments'), ('subscriptions'), ('reward_claims');

-- ------------------------------------------------------------------ a new fan's sample
-- Spec §2 sample, relative to the fan's sign-up date: a 30-day calendar with days up to 7
-- unlocked (day 7 early), the first 5 claimed, day 6 today; fan tier 3 (a tier3 subscription);
-- streak 5; and six locker drops whose countdowns start at sign-up. Idempotent.
create function public.generate_fan_sample(p_fan uuid, p_signed_up timestamptz) returns void
language plpgsql security definer set search_path = public as $$
declare
  _today date := (p_signed_up at time zone 'utc')::date;
  _types text[] := array['music', 'video', 'code', 'music', 'bonus', 'video', 'music'];
  _artists text[] := array['BTI', 'Nyx Hollow', 'Kilo Verse', 'Neon Arcadia', 'Static Garden', 'Mara Sol',
    'Grey Cartographer', 'DJ Fennec', 'Velvet Circuit', 'The Low Ends', 'Sub Rosa', 'Hana Drift'];
  _titles jsonb := '{"music": ["Unreleased Demo", "Live Rehearsal Cut", "Alternate Mix", "Stem Pack", "B-Side"],
    "video": ["Studio Diary", "Rehearsal Footage", "Visualizer Preview"],
    "code": ["Merch Discount", "Early Ticket Code", "Vinyl Pre-order Code"],
    "bonus": ["Mystery Box", "Double Streak Points", "Backstage Wallpaper"]}';
  _type text;
  _title text;
  _artist text;
  _day integer;
begin
  for _day in 1..30 loop
    _type := _types[(_day - 1) % 7 + 1];
    _title := _titles -> _type ->> ((_day - 1) % jsonb_array_length(_titles -> _type));
    _artist := _artists[(_day - 1) % 12 + 1];
    insert into public.daily_rewards (id, fan_id, day, type, rarity, title, artist, description, brand_name,
        streak_bonus, unlock_date, unlocked_early)
      values (p_fan::text || '|' || _day, p_fan, _day, _type,
        case when _day % 30 = 0 then 'legendary' when _day % 7 = 0 then 'epic' when _day % 3 = 0 then 'rare' else 'common' end,
        _title, _artist, format('Day %s of your streak: %s from %s.', _day, lower(_title), _artist),
        case when _type = 'code' then 'Analog Threads' end,
        _day % 7 = 0, _today + (_day - 6), _day = 7)
      on conflict (fan_id, day) do nothing;
  end loop;

  insert into public.reward_claims (id, fan_id, day, claimed_at)
    select p_fan::text || '|' || d, p_fan, d, (_today + (d - 6))::timestamptz + interval '12 hours'
    from generate_series(1, 5) d
    on conflict (fan_id, day) do nothing;

  insert into public.subscriptions (id, fan_id, artist_id, artist_name, tier, price)
    values (p_fan::text || '|bti', p_fan, 'bti', 'BTI', 'tier3', 8)
    on conflict (fan_id, artist_id) do nothing;

  insert into public.locker_items (id, fan_id, type, title, artist, description, rarity, is_new, code_value,
      brand_name, heart_count, fire_count, star_count, share_count, comment_count, fan_tier_required,
      priority, publish_date, expires_at)
  values
    (p_fan::text || '|drop-static-bloom', p_fan, 'music', 'Static Bloom (Unreleased Stem Pack)', 'BTI',
      'Four stems from the live cut, yours to flip before the vinyl lands.', 'legendary', true, null, null,
      1284, 2310, 402, 318, 96, 3, 1, _today, p_signed_up + interval '45 minutes'),
    (p_fan::text || '|drop-cathedral-fog', p_fan, 'video', 'Cathedral Fog — Studio Session', 'Nyx Hollow',
      'Twenty minutes inside the reverb tank, filmed on a single night in Reykjavík.', 'epic', true, null, null,
      640, 212, 188, 74, 23, 2, 2, _today, p_signed_up + interval '150 minutes'),
    (p_fan::text || '|drop-neon-merch-code', p_fan, 'code', '20% Off Night Drive Merch', 'Neon Arcadia',
      'A brand drop for the Neon Arcadia tour capsule. One use per fan.', 'rare', false, 'NIGHTDRIVE20',
      'Analog Threads', 98, 41, 12, 19, 4, 1, 3, _today, p_signed_up + interval '2 days 5 hours'),
    (p_fan::text || '|drop-paper-lungs-event', p_fan, 'event', 'Paper Lungs Listening Party', 'Kilo Verse',
      'Private stream and Q&A — RSVP from the drop before it closes.', 'epic', false, null, null,
      3420, 1980, 1205, 802, 311, 3, 4, _today, p_signed_up + interval '9 hours 30 minutes'),
    (p_fan::text || '|drop-rust-belt-demo', p_fan, 'music', 'Rust Belt Demo (Tape Rip)', 'Static Garden',
      'Straight off the four-track, hiss and all.', 'common', false, null, null,
      57, 33, 8, 6, 2, 0, 5, _today, p_signed_up + interval '20 hours'),
    (p_fan::text || '|drop-shibuya-visual', p_fan, 'image', 'Shibuya 3AM — Hi-res Artwork', 'Hana Drift',
      'The full-resolution cover, signed in the corner.', 'rare', true, null, null,
      210, 96, 77, 31, 9, 1, 6, _today, p_signed_up + interval '3 days')
  on conflict (id) do nothing;
end
$$;

revoke all on function public.generate_fan_sample(uuid, timestamptz) from public;
grant execute on function public.generate_fan_sample(uuid, timestamptz) to service_role;

-- Every new account gets the sample (the fan dashboard exists for every user holding the fan role).
create function public.generate_fan_sample_on_signup() returns trigger
language plpgsql security definer set search_path = public as $$
begin
  perform public.generate_fan_sample(new.id, new.created_at);
  return new;
end
$$;

create trigger generate_fan_sample after insert on auth.users
  for each row execute function public.generate_fan_sample_on_signup();

-- For accounts made before this migration: the signed-in fan asks for their own sample.
create function public.ensure_fan_sample() returns void
language plpgsql security definer set search_path = public as $$
declare
  _created timestamptz;
begin
  select u.created_at into _created from auth.users u where u.id = auth.uid();
  if _created is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  perform public.generate_fan_sample(auth.uid(), _created);
end
$$;

revoke all on function public.ensure_fan_sample() from public, anon;
grant execute on function public.ensure_fan_sample() to authenticated;
