-- A pull position that survives concurrent transactions (issue 28).
--
-- `_modified = clock_timestamp()` is taken when a row is written, but the row becomes visible
-- when its transaction commits: a row written inside a longer transaction could commit behind a
-- device's checkpoint and never be delivered. Instead:
--   * every pulled row records the id of the transaction that last wrote it (`_txid`, set by a
--     trigger from pg_current_xact_id(); server-owned: a client's value is always overwritten);
--   * public.sync_pull serves only rows written by transactions below the reader's snapshot
--     horizon (pg_snapshot_xmin(pg_current_snapshot())), in (_txid, id) order. Every transaction
--     below the horizon has ended, and every transaction that ends later has an id at or above
--     it, so nothing can ever commit behind a position handed out. Rows held back (committed,
--     but above the horizon because an older transaction is still open) are reported as `held`
--     so the device asks again shortly.
--   * followed_content's position is the greatest of its sources' (_txid of the item's preview
--     and of the fan's subscription): a late follow or a tier change moves the subscription,
--     an edit moves the preview. An unlock date passing is no write, so the pull first releases
--     due items (sync_release_due touches them once), which makes the release a write that is
--     delivered like any other.
-- RLS stays the only gate: sync_pull is security invoker and reads the tables and the view as
-- the caller.

-- ------------------------------------------------------------------ _txid on every pulled table
create function public.set_txid() returns trigger
language plpgsql set search_path = '' as $$
begin
  new._txid := pg_current_xact_id()::text::bigint;
  return new;
end
$$;
revoke all on function public.set_txid() from public, anon, authenticated;

do $$
declare
  _t text;
begin
  foreach _t in array array[
    'profiles', 'media_ids', 'content_items', 'content_previews', 'locker_items', 'locker_interactions',
    'locker_comments', 'subscriptions', 'daily_rewards', 'reward_claims', 'developer_apps'
  ] loop
    execute format('alter table public.%I add column _txid bigint not null default pg_current_xact_id()::text::bigint', _t);
    execute format('create trigger set_txid before insert or update on public.%I for each row execute function public.set_txid()', _t);
    execute format('create index %I on public.%I (_txid, id)', _t || '_txid_id_idx', _t);
  end loop;
end $$;

-- Each user's share, in position order (the RLS owner column first).
create index profiles_owner_txid_idx on public.profiles (id, _txid);
create index media_ids_owner_txid_idx on public.media_ids (user_uuid, _txid, id);
create index content_items_owner_txid_idx on public.content_items (artist_id, _txid, id);
create index locker_items_owner_txid_idx on public.locker_items (fan_id, _txid, id);
create index locker_interactions_owner_txid_idx on public.locker_interactions (fan_id, _txid, id);
create index locker_comments_owner_txid_idx on public.locker_comments (fan_id, _txid, id);
create index subscriptions_owner_txid_idx on public.subscriptions (fan_id, _txid, id);
create index daily_rewards_owner_txid_idx on public.daily_rewards (fan_id, _txid, id);
create index reward_claims_owner_txid_idx on public.reward_claims (fan_id, _txid, id);
create index developer_apps_owner_txid_idx on public.developer_apps (owner_id, _txid, id);
-- followed_content joins previews by the subscription's artist id, which is text (sample artists
-- such as 'bti' are no uuids): without this the join reads every preview of every artist.
create index content_previews_artist_text_idx on public.content_previews ((artist_id::text));

-- ------------------------------------------------------------------ unlock dates as writes
-- The unlock date a row's release was last delivered for; the pull touches rows whose date has
-- passed since (once per date: an artist moving the date later is released again at the new one).
alter table public.content_items add column _released_for timestamptz;
update public.content_items set _released_for = unlock_date where unlock_date <= now();
create index content_items_release_due_idx on public.content_items (unlock_date)
  where unlock_date is not null and _released_for is distinct from unlock_date;

-- Server-owned: only the server sets _released_for (a client's value is kept as it was).
create function public.content_items_keep_released_for() returns trigger
language plpgsql set search_path = '' as $$
begin
  if public.is_api_caller() then
    new._released_for := case when tg_op = 'UPDATE' then old._released_for end;
  end if;
  return new;
end
$$;
revoke all on function public.content_items_keep_released_for() from public, anon, authenticated;
create trigger content_items_keep_released_for before insert or update on public.content_items
  for each row execute function public.content_items_keep_released_for();

-- Touches (at most 200 per call) the items whose unlock date has passed since their last
-- release; skips rows another puller is touching right now (it releases them). In `private`
-- (not exposed by the Data API): reached only through sync_pull.
create function private.sync_release_due() returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.content_items c set _released_for = c.unlock_date
  where c.id in (
    select d.id from public.content_items d
    where d.unlock_date is not null and d.unlock_date <= now() and d._released_for is distinct from d.unlock_date
    order by d.unlock_date
    limit 200
    for update skip locked);
end
$$;
-- Executable by signed-in users (sync_pull runs as the caller): it only does what time already
-- decided, at most 200 rows per call, each row once per unlock date.
revoke all on function private.sync_release_due() from public, anon;
grant execute on function private.sync_release_due() to authenticated;

-- ------------------------------------------------------------------ followed_content's position
create or replace view public.followed_content with (security_invoker = true, security_barrier = true) as
select
  p.id,
  s.fan_id,
  p.artist_id,
  coalesce(nullif(d.name, ''), s.artist_name) as artist_name,
  p.title,
  c.description,
  c.file_path,
  p.file_type,
  c.file_size,
  coalesce(c.metadata, '{}'::jsonb) as metadata,
  p.is_public,
  p.subscription_tier_required,
  p.unlock_date,
  p.created_at,
  s.tier as follower_tier,
  c.id is null as locked,
  greatest(p._modified, s._modified, case when p.unlock_date <= now() then p.unlock_date end) as _modified,
  (p._deleted or s._deleted) as _deleted,
  greatest(p._txid, s._txid) as _txid
from public.subscriptions s
join public.content_previews p on p.artist_id::text = s.artist_id
left join public.content_items c on c.id = p.id and not c._deleted
left join public.artist_directory_counts d on d.artist_id = p.artist_id
where s.fan_id = (select auth.uid());

-- ------------------------------------------------------------------ the pull
-- One page of a collection after a position, as the caller sees it (RLS). Positions are
-- (_txid, id) with _txid as text (a bigint does not survive JSON in JavaScript).
create function public.sync_pull(p_collection text, p_after_txid text default '0', p_after_id text default '', p_limit integer default 100)
returns jsonb
language plpgsql security invoker set search_path = '' as $$
declare
  _after bigint;
  _horizon bigint;
  _result jsonb;
  -- A device keeps only its own content items (fans get others' through followed_content): a
  -- row of another artist that stopped being readable could never be taken back from it.
  _scope text := case p_collection when 'content_items' then 'and t.artist_id = (select auth.uid())' else '' end;
begin
  if p_collection is null or p_collection not in ('profiles', 'media_ids', 'content_items', 'locker_items', 'locker_interactions',
      'locker_comments', 'subscriptions', 'daily_rewards', 'reward_claims', 'developer_apps', 'followed_content') then
    raise exception 'sync_pull: unknown collection %', p_collection using errcode = '22023';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'sync_pull: p_limit must be between 1 and 1000' using errcode = '22023';
  end if;
  if coalesce(p_after_txid, '') !~ '^[0-9]{1,19}$' then
    raise exception 'sync_pull: p_after_txid must be a transaction id' using errcode = '22023';
  end if;
  _after := p_after_txid::bigint;
  if p_collection in ('followed_content', 'content_items') and (select auth.uid()) is not null then
    perform private.sync_release_due();
  end if;
  -- The horizon is taken before the rows are read: every transaction below it had ended by
  -- then, so any later snapshot sees exactly the same committed rows below it.
  _horizon := pg_snapshot_xmin(pg_current_snapshot())::text::bigint;
  execute format($q$
    with page as (
      select to_jsonb(t) || jsonb_build_object('_txid', t._txid::text) as row, t._txid as txid, t.id::text as id
      from public.%1$I t
      where t._txid < $4 and (t._txid > $1 or (t._txid = $1 and t.id::text > $2)) %2$s
      order by t._txid, t.id::text
      limit $3)
    select jsonb_build_object(
      'rows', coalesce((select jsonb_agg(page.row order by page.txid, page.id) from page), '[]'::jsonb),
      'held', exists (select 1 from public.%1$I t where t._txid >= $4 and t._txid > $1 %2$s))
  $q$, p_collection, _scope) into _result using _after, coalesce(p_after_id, ''), p_limit, _horizon;
  return _result;
end
$$;
revoke all on function public.sync_pull(text, text, text, integer) from public, anon;
grant execute on function public.sync_pull(text, text, text, integer) to authenticated;

comment on function public.sync_pull(text, text, text, integer) is
  'A page of a synced collection after a (_txid, id) position, below the reader''s snapshot horizon (see migration 20261126200000).';
