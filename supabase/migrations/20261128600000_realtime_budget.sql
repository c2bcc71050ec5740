-- Live delivery within Realtime's per-project quotas (issue 42, item 3).
-- Why: hosted Realtime counts messages per project on delivery (Supabase "Realtime Limits": Free
-- 100/s, Pro 500/s, averaged by its rate counter over 5-s buckets). 20261126300000_live_broadcast
-- sent one `artist:<id>` message that reached every online follower at once: 10,000 online
-- followers cost 10,001 messages in one bucket, four times Pro's 2,500 per 5 s; past the quota
-- hosted drops every message from the database, telling nobody, and shuts down channels.
-- Design (budget figures: docs/architecture.md, "Live delivery budget"):
--   * followers are split into 128 shards by their own id (`private.live_shard`, the rule
--     sync/live/live-topics.ts repeats; `private.live_shards()` the count): a follower joins
--     `artist:<artist>:<shard>`, every user `everyone:<shard>` — small shards keep each send below
--     a second's budget (10,000 followers: about 79 per shard); `user:<id>` stays as it was (a user's own devices, at most 10 sockets);
--   * a change for an artist's followers (or everyone) no longer sends: it queues one row per topic
--     in private.live_fanout, coalesced — changes before the round starts merge into it, changes
--     during a round ask for one more round of only the shards already told;
--   * private.live_dispatch(), run every second (hosted: pg_cron, scheduled below when the
--     extension is there; the local backend runs it on its own timer), sends shard after shard
--     while a token bucket of `private.live_budget.per_second` messages (default 200: 40 % of Pro's
--     500/s; set 40 for Free) allows; a shard costs 1 + its followers (an upper bound of those
--     online), an empty shard costs nothing and is not sent; a shard larger than a second's budget
--     goes when the bucket is full and leaves a debt, so the long-run rate stays the budget; a round
--     that runs out of budget goes to the back of the queue, so active rounds take turns (a small
--     artist never waits a large artist's whole round).
-- Invariants:
--   * messages still say only `changed` {"collections": [...]}: rows come through the pull and RLS;
--   * a message becomes visible to the dispatcher only once the writing transaction commits; a
--     rolled-back change queues nothing; one message per topic per transaction as before;
--   * join (SELECT) of a shard topic: only the caller's own shard, and for `artist:` only with a
--     live follow (the old unsharded topics stay joinable and silent, for apps installed before); nobody may send (no INSERT policy); app tokens stay fenced (live_no_app_tokens);
--   * every function is security definer with search_path ''; no API role may execute the queue
--     or the dispatcher; authenticated may execute only the shard rule (its join policy).

-- ------------------------------------------------------------------ shards
create function private.live_shards() returns integer
language sql immutable set search_path = '' as $$ select 128 $$;

create function private.live_shard(p_user uuid) returns integer
language sql immutable set search_path = '' as $$
  -- the last two hex digits of the id (uniform for gen_random_uuid ids)
  select (('x' || right(p_user::text, 2))::bit(8)::integer) % private.live_shards()
$$;
revoke all on function private.live_shards(), private.live_shard(uuid) from public, anon, authenticated, service_role;
grant execute on function private.live_shards(), private.live_shard(uuid) to authenticated;

-- ------------------------------------------------------------------ who may listen
drop policy live_topics_read on realtime.messages;
create policy live_topics_read on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (
      (select realtime.topic()) = 'user:' || (select auth.uid())::text
      or (select realtime.topic()) = 'everyone:' || (select private.live_shard(auth.uid()))::text
      -- the unsharded topics of 20261126300000 stay joinable (nothing is sent there any more): an
      -- installed app from before this migration then sits on them and polls, instead of retrying
      -- a refused join every 10 s per followed artist against the project's joins quota
      or (select realtime.topic()) = 'everyone'
      or ((select realtime.topic()) ~ '^artist:[^:]+(:[0-9]+)?$'
          and (select split_part(realtime.topic(), ':', 3)) in ('', (select private.live_shard(auth.uid()))::text)
          and (select exists (
            select 1 from public.subscriptions s
            where s.fan_id = (select auth.uid())
              and s.artist_id = split_part(realtime.topic(), ':', 2)
              and not s._deleted)))
    )
  );

-- ------------------------------------------------------------------ the queue and its budget
create table private.live_fanout (
  -- 'artist:<uuid>' or 'everyone': the topic without its shard
  topic text primary key,
  collections jsonb not null,
  -- audience per shard, taken when the round starts (null: not started)
  sizes integer[],
  next_shard integer not null default 0,
  -- the round covers shards below this (all, or a repeat round's already-told shards)
  shard_limit integer not null default private.live_shards(),
  -- a change during the round: shards below this must be told again
  again_below integer not null default 0,
  queued_at timestamptz not null default clock_timestamp()
);

create table private.live_budget (
  id boolean primary key default true check (id),
  -- messages (sends + deliveries) per second the fan-out may spend
  per_second integer not null default 200 check (per_second > 0),
  tokens double precision not null default 200,
  refilled_at timestamptz not null default clock_timestamp()
);
insert into private.live_budget default values;

alter table private.live_fanout enable row level security;
alter table private.live_budget enable row level security;
revoke all on private.live_fanout, private.live_budget from public, anon, authenticated, service_role;

-- ------------------------------------------------------------------ queueing
create function private.live_enqueue(p_topic text, p_collections jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.live_fanout as f (topic, collections) values (p_topic, p_collections)
  on conflict (topic) do update set
    collections = (select coalesce(jsonb_agg(distinct e order by e), '[]'::jsonb)
                   from jsonb_array_elements(f.collections || excluded.collections) e),
    again_below = case when f.sizes is null then f.again_below else greatest(f.again_below, f.next_shard) end;
end
$$;

-- As 20261126300000, except that artist and everyone topics are queued for the dispatcher.
create or replace function public.live_send(p_topic text, p_collections jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  _key text := E'\n' || p_topic || ' ' || p_collections::text || E'\n';
  _sent text := coalesce(current_setting('bucket.live_sent', true), '');
begin
  if strpos(_sent, _key) > 0 then
    return;
  end if;
  if p_topic = 'everyone' or p_topic like 'artist:%' then
    perform private.live_enqueue(p_topic, p_collections);
  else
    perform realtime.send(jsonb_build_object('collections', p_collections), 'changed', p_topic, true);
  end if;
  if length(_sent) < 32768 then
    perform set_config('bucket.live_sent', _sent || _key, true);
  end if;
end
$$;

-- ------------------------------------------------------------------ dispatching
-- Who listens to each shard at most: an artist's live followers, or every user.
create function private.live_audience(p_topic text) returns integer[]
language plpgsql stable security definer set search_path = '' as $$
declare
  _sizes integer[];
begin
  with members as (
    select s.fan_id as id from public.subscriptions s
    where p_topic like 'artist:%' and s.artist_id = substr(p_topic, 8) and not s._deleted
    union all
    select u.id from auth.users u where p_topic = 'everyone'
  ), counted as (
    select private.live_shard(id) as shard, count(*)::integer as n from members group by 1
  )
  select array_agg(coalesce(c.n, 0) order by k) into _sizes
  from generate_series(0, private.live_shards() - 1) k left join counted c on c.shard = k;
  return _sizes;
end
$$;

-- One pass (every second): sends what the budget allows, longest-waiting round first; returns messages sent.
create function private.live_dispatch() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  _budget private.live_budget%rowtype;
  _now timestamptz := clock_timestamp();
  _tokens double precision;
  _f record;
  _k integer;
  _cost integer;
  _sent integer := 0;
begin
  if not exists (select 1 from private.live_fanout) then
    return 0;
  end if;
  select * into _budget from private.live_budget for update;
  _tokens := least(_budget.per_second::double precision,
                   _budget.tokens + extract(epoch from _now - _budget.refilled_at) * _budget.per_second);
  for _f in select * from private.live_fanout order by queued_at, topic for update skip locked loop
    if _f.sizes is null then
      _f.sizes := private.live_audience(_f.topic);
      _f.next_shard := 0;
    end if;
    _k := _f.next_shard;
    while _k < _f.shard_limit loop
      _cost := _f.sizes[_k + 1];
      if _cost > 0 then
        _cost := _cost + 1;
        exit when _tokens < least(_cost, _budget.per_second);
        perform realtime.send(jsonb_build_object('collections', _f.collections), 'changed', _f.topic || ':' || _k, true);
        _tokens := _tokens - _cost;
        _sent := _sent + 1;
      end if;
      _k := _k + 1;
    end loop;
    if _k < _f.shard_limit then
      -- out of budget: this round goes to the back, so rounds queued behind it go first next pass
      update private.live_fanout set sizes = _f.sizes, next_shard = _k, queued_at = _now where topic = _f.topic;
      exit;
    elsif _f.again_below > 0 then
      update private.live_fanout
        set sizes = null, next_shard = 0, shard_limit = _f.again_below, again_below = 0, queued_at = _now
        where topic = _f.topic;
    else
      delete from private.live_fanout where topic = _f.topic;
    end if;
  end loop;
  update private.live_budget set tokens = _tokens, refilled_at = _now;
  return _sent;
end
$$;

revoke all on function private.live_enqueue(text, jsonb), private.live_audience(text), private.live_dispatch()
  from public, anon, authenticated, service_role;

-- Hosted: every second with pg_cron (1.5+ takes '1 seconds'); without the extension (the local
-- backend runs the dispatcher itself), schedule it once pg_cron is enabled.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('live-dispatch', '1 seconds', 'select private.live_dispatch()');
  end if;
end $$;

-- ------------------------------------------------------------------ no deadlocks in the queue
-- As 20261126300000, except that topics are sent in order: live_enqueue locks one queue row per
-- topic, and two statements (two pulls releasing due items of the same artists, a writer and a
-- pull) that locked them in different orders deadlocked. In order, the later one waits.
create or replace function public.live_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _parts text[] := '{}';
  _rel text;
  _i integer;
  _msg record;
begin
  for _i in 0 .. tg_nargs / 3 - 1 loop
    foreach _rel in array case when tg_op = 'UPDATE' then array['new_rows', 'old_rows'] else array['new_rows'] end loop
      _parts := _parts || format('select coalesce(%L || %I::text, %L) as topic, %L::jsonb as collections from %I',
        tg_argv[3 * _i], tg_argv[3 * _i + 1], 'everyone', tg_argv[3 * _i + 2], _rel);
    end loop;
  end loop;
  for _msg in execute 'select distinct topic, collections from (' || array_to_string(_parts, ' union all ')
      || ') m order by topic, collections' loop
    perform public.live_send(_msg.topic, _msg.collections);
  end loop;
  return null;
end
$$;

-- As 20261126200000, except that the due rows are released one at a time in (artist_id, id)
-- order, so concurrent pulls take the per-artist rows their triggers write (directory counts,
-- previews, the live queue) in the same order.
create or replace function private.sync_release_due() returns void
language plpgsql security definer set search_path = '' as $$
declare
  _id uuid;
begin
  for _id in
    select x.id from (
      select d.id, d.artist_id from public.content_items d
      where d.unlock_date is not null and d.unlock_date <= now() and d._released_for is distinct from d.unlock_date
      order by d.unlock_date
      limit 200
      for update skip locked) x
    order by x.artist_id, x.id
  loop
    update public.content_items c set _released_for = c.unlock_date where c.id = _id;
  end loop;
end
$$;
