-- Collaborations between artists and brands, for real: an artist pitches to a brand, a brand
-- proposes to an artist, and the other side accepts, declines or counters; both see it live.
-- Invariants:
--  * public.collab_offers rows are read only by their two parties (RLS) and written only through
--    collab_send and collab_respond (no table privilege to write): every column is the server's.
--  * A proposal goes from a user holding the artist role to one holding the brand role, or back;
--    never to oneself. The names shown are each party's public name at send time (never an e-mail).
--  * `awaiting` is the party whose answer is due: the recipient at first, the other side after a
--    counter, nobody once accepted, declined or withdrawn. Only that party accepts, declines or
--    counters (a counter sets a new budget); only the sender withdraws, while it is still open.
--    Settled offers never change again. Concurrent answers serialise on the row (for update).
--  * A sender has at most 50 open proposals at once (an inbox cannot be flooded from one account).

create table public.collab_offers (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('artist_to_brand', 'brand_to_artist')),
  artist_id uuid not null references auth.users (id) on delete cascade,
  brand_id uuid not null references auth.users (id) on delete cascade,
  artist_name text not null,
  brand_name text not null,
  title text not null check (char_length(title) between 1 and 120 and title = btrim(title)),
  narrative text not null default '' check (char_length(narrative) <= 2000),
  timeline text not null check (timeline in ('1-2 weeks', '3-4 weeks', '1-2 months', '3+ months')),
  reach text not null default '' check (char_length(reach) <= 120),
  deliverables text not null default '' check (char_length(deliverables) <= 2000),
  budget integer not null check (budget between 1 and 10000000), -- whole USD
  status text not null default 'pending' check (status in ('pending', 'countered', 'accepted', 'declined', 'withdrawn')),
  awaiting uuid,
  note text not null default '' check (char_length(note) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (artist_id <> brand_id),
  check ((status in ('pending', 'countered')) = (awaiting is not null))
);
create index collab_offers_artist on public.collab_offers (artist_id, updated_at desc);
create index collab_offers_brand on public.collab_offers (brand_id, updated_at desc);

alter table public.collab_offers enable row level security;
select private.fence_table('public.collab_offers'); -- app tokens read nothing here
create policy collab_offers_parties on public.collab_offers for select to authenticated
  using ((select auth.uid()) in (artist_id, brand_id));
revoke all on public.collab_offers from public, anon, authenticated;
grant select on public.collab_offers to authenticated;
grant all on public.collab_offers to service_role;

-- A brand's public name: its chosen display name, else 'Unnamed brand' (the same rule as artists').
create function private.brand_public_name(p_brand uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce((select nullif(btrim(pr.display_name), '') from public.profiles pr where pr.id = p_brand),
                  'Unnamed brand')
$$;
revoke all on function private.brand_public_name(uuid) from public, anon, authenticated;

create function public.collab_send(p_to uuid, p_title text, p_narrative text, p_timeline text, p_reach text,
  p_deliverables text, p_budget integer) returns public.collab_offers
language plpgsql security definer set search_path = '' as $$
declare
  _me uuid := (select auth.uid());
  _row public.collab_offers;
  _artist uuid;
  _brand uuid;
  _kind text;
begin
  perform private.refuse_app_token();
  if _me is null then
    raise exception 'Sign in to send a proposal' using errcode = '42501';
  end if;
  if p_to is not null and p_to <> _me and public.holds_role(_me, 'artist') and public.holds_role(p_to, 'brand') then
    _kind := 'artist_to_brand'; _artist := _me; _brand := p_to;
  elsif p_to is not null and p_to <> _me and public.holds_role(_me, 'brand') and public.holds_role(p_to, 'artist') then
    _kind := 'brand_to_artist'; _artist := p_to; _brand := _me;
  else
    raise exception 'A proposal goes from an artist to a brand, or from a brand to an artist' using errcode = '22023';
  end if;
  if (select count(*) from public.collab_offers o
      where o.status in ('pending', 'countered')
        and case o.kind when 'artist_to_brand' then o.artist_id else o.brand_id end = _me) >= 50 then
    raise exception 'You have 50 open proposals: wait for answers or withdraw some first' using errcode = '54000';
  end if;
  insert into public.collab_offers (kind, artist_id, brand_id, artist_name, brand_name, title, narrative, timeline,
    reach, deliverables, budget, awaiting)
  values (_kind, _artist, _brand, private.artist_public_name(_artist), private.brand_public_name(_brand),
    btrim(coalesce(p_title, '')), coalesce(p_narrative, ''), p_timeline, coalesce(p_reach, ''),
    coalesce(p_deliverables, ''), p_budget, p_to)
  returning * into _row;
  return _row;
end
$$;

create function public.collab_respond(p_id uuid, p_action text, p_budget integer default null, p_note text default '')
returns public.collab_offers
language plpgsql security definer set search_path = '' as $$
declare
  _me uuid := (select auth.uid());
  _row public.collab_offers;
  _sender uuid;
begin
  perform private.refuse_app_token();
  select * into _row from public.collab_offers o where o.id = p_id for update;
  if not found or _me is null or _me not in (_row.artist_id, _row.brand_id) then
    raise exception 'No such collaboration' using errcode = 'P0002';
  end if;
  if _row.status not in ('pending', 'countered') then
    raise exception 'This collaboration is already %', _row.status using errcode = '55000';
  end if;
  _sender := case _row.kind when 'artist_to_brand' then _row.artist_id else _row.brand_id end;
  if p_action = 'withdraw' then
    if _me <> _sender then
      raise exception 'Only the sender can withdraw a proposal' using errcode = '42501';
    end if;
    update public.collab_offers set status = 'withdrawn', awaiting = null, updated_at = now()
      where id = p_id returning * into _row;
    return _row;
  end if;
  if _row.awaiting is distinct from _me then
    raise exception 'The other side has not answered yet' using errcode = '55000';
  end if;
  if p_action in ('accept', 'decline') then
    update public.collab_offers
      set status = case p_action when 'accept' then 'accepted' else 'declined' end, awaiting = null, updated_at = now()
      where id = p_id returning * into _row;
  elsif p_action = 'counter' then
    if p_budget is null or p_budget not between 1 and 10000000 then
      raise exception 'A counter proposal names a budget between $1 and $10,000,000' using errcode = '22023';
    end if;
    update public.collab_offers
      set status = 'countered', budget = p_budget, note = left(coalesce(p_note, ''), 500),
          awaiting = case when _me = _row.artist_id then _row.brand_id else _row.artist_id end, updated_at = now()
      where id = p_id returning * into _row;
  else
    raise exception 'Unknown answer %: accept, decline, counter or withdraw', p_action using errcode = '22023';
  end if;
  return _row;
end
$$;

revoke all on function public.collab_send(uuid, text, text, text, text, text, integer),
  public.collab_respond(uuid, text, integer, text) from public, anon, authenticated;
grant execute on function public.collab_send(uuid, text, text, text, text, text, integer),
  public.collab_respond(uuid, text, integer, text) to authenticated, service_role;

-- Who an artist can pitch to: brands that chose a public name (names only; brands are businesses).
create function public.collab_brands() returns table (id uuid, name text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.refuse_app_token();
  return query
    select m.user_uuid, btrim(p.display_name)
    from public.media_ids m join public.profiles p on p.id = m.user_uuid
    where m.role = 'brand' and m.is_active and not m._deleted
      and nullif(btrim(p.display_name), '') is not null
      and public.holds_role((select auth.uid()), 'artist')
    order by 2
    limit 500;
end
$$;
revoke all on function public.collab_brands() from public, anon, authenticated;
grant execute on function public.collab_brands() to authenticated, service_role;

-- Both parties see answers live (postgres_changes, filtered by the select policy above).
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime' and not puballtables)
     and not exists (select 1 from pg_publication_tables
                     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'collab_offers') then
    alter publication supabase_realtime add table public.collab_offers;
  end if;
end $$;
