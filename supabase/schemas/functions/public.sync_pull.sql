CREATE OR REPLACE FUNCTION public.sync_pull(p_collection text, p_checkpoint jsonb, p_limit integer DEFAULT 100)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  _now pg_snapshot;
  _own xid8;
  _base pg_snapshot;
  _upto pg_snapshot;
  _after_txid bigint := -1;
  _after_id text := '';
  _base_xmax bigint := 0;
  _newly_1 bigint[];  -- in progress at the base, ended by upto
  _upto_xmax bigint;
  _upto_xip bigint[];
  _newly_2 bigint[];  -- in progress at upto, ended now
  _now_xmax bigint;
  _now_xip bigint[];
  _rows jsonb;
  _count integer;
  _last_round integer;
  _last_txid bigint;
  _last_id text;
  _source text;
  _owner text;
  _releases boolean;
  _scope text := '';
begin
  perform private.refuse_app_token();
  select s.pull_owner_column, s.pull_releases_due into _owner, _releases
    from public.sync_tables s where s.name = p_collection and s.pull;
  if not found then
    raise exception 'sync_pull: unknown collection %', p_collection using errcode = '22023';
  end if;
  if _owner is not null then
    _scope := format('and t.%I = (select auth.uid())', _owner);
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'sync_pull: p_limit must be between 1 and 1000' using errcode = '22023';
  end if;
  if p_checkpoint is not null and jsonb_typeof(p_checkpoint) not in ('object', 'null') then
    raise exception 'sync_pull: p_checkpoint must be an object' using errcode = '22023';
  end if;
  if _releases and (select auth.uid()) is not null then
    perform private.sync_release_due();
  end if;
  -- Taken before the rows are read, and after the release: its writes commit with this call and
  -- the read below sees them, so they count as visible now. A snapshot leaves the caller's own
  -- transaction out of its in-progress list, but its id can be at or above xmax (no later
  -- transaction has ended yet); then xmax moves past it and every id between (others' transactions,
  -- possibly in progress) counts as in progress, to be served once it has ended.
  _now := pg_current_snapshot();
  _own := pg_current_xact_id_if_assigned();
  if _own is not null and _own >= pg_snapshot_xmax(_now) then
    _now := (pg_snapshot_xmin(_now)::text || ':' || (_own::text::bigint + 1)::text || ':' ||
      coalesce((select string_agg(x::text, ',' order by x) from (
        select x::text::bigint as x from pg_snapshot_xip(_now) x
        union
        select g from generate_series(pg_snapshot_xmax(_now)::text::bigint, _own::text::bigint - 1) g) ids), ''))::pg_snapshot;
  end if;

  begin
    if jsonb_typeof(p_checkpoint) = 'object' and p_checkpoint ? 'snapshot' then
      _base := (p_checkpoint ->> 'snapshot')::pg_snapshot;
      _upto := (p_checkpoint ->> 'upto')::pg_snapshot;
      if _upto is not null then
        if coalesce(p_checkpoint ->> 'txid', '') !~ '^[0-9]{1,19}$' or jsonb_typeof(p_checkpoint -> 'id') is distinct from 'string' then
          raise exception 'sync_pull: a checkpoint with upto needs txid and id' using errcode = '22023';
        end if;
        _after_txid := (p_checkpoint ->> 'txid')::bigint;
        _after_id := p_checkpoint ->> 'id';
      end if;
    elsif jsonb_typeof(p_checkpoint) = 'object' and p_checkpoint ? 'txid' then
      -- a position of the horizon protocol
      if coalesce(p_checkpoint ->> 'txid', '') !~ '^[0-9]{1,19}$' then
        raise exception 'sync_pull: p_checkpoint.txid must be a transaction id' using errcode = '22023';
      end if;
      _after_txid := (p_checkpoint ->> 'txid')::bigint;
      _after_id := coalesce(p_checkpoint ->> 'id', '');
      if _after_txid > 0 then
        _base := (_after_txid || ':' || _after_txid || ':')::pg_snapshot;
      end if;
      _upto := _now;
    elsif jsonb_typeof(p_checkpoint) = 'object' and p_checkpoint <> '{}'::jsonb then
      raise exception 'sync_pull: unknown checkpoint' using errcode = '22023';
    end if;
  exception when invalid_text_representation or numeric_value_out_of_range then
    raise exception 'sync_pull: malformed checkpoint' using errcode = '22023';
  end;
  _upto := coalesce(_upto, _now);
  -- A checkpoint ahead of this server's transactions comes from another history (a restored
  -- database): pull from the start.
  if pg_snapshot_xmax(_upto) > pg_snapshot_xmax(_now) or pg_snapshot_xmax(_base) > pg_snapshot_xmax(_upto) then
    _base := null;
    _upto := _now;
    _after_txid := -1;
    _after_id := '';
  end if;

  _base_xmax := coalesce(pg_snapshot_xmax(_base)::text::bigint, 0);
  _newly_1 := array(select x::text::bigint from pg_snapshot_xip(_base) x where pg_visible_in_snapshot(x, _upto));
  _upto_xmax := pg_snapshot_xmax(_upto)::text::bigint;
  _upto_xip := array(select x::text::bigint from pg_snapshot_xip(_upto) x);
  _newly_2 := array(select x::text::bigint from pg_snapshot_xip(_upto) x where pg_visible_in_snapshot(x, _now));
  _now_xmax := pg_snapshot_xmax(_now)::text::bigint;
  _now_xip := array(select x::text::bigint from pg_snapshot_xip(_now) x);

  -- Round 1: new in (base, upto] after the cursor; round 2: new in (upto, now]. Each table branch
  -- is an ordered index range ($1.. are bound below), so a page reads about p_limit rows per branch.
  -- followed_content is a view of two sources (its preview and the fan's subscription), see 20261128500000.
  if p_collection = 'followed_content' then
    _source := $q$
      select t.row, t.txid, t.id, t.round from (
        select to_jsonb(v) || jsonb_build_object('_txid', v._txid::text, '_preview_txid', v._preview_txid::text,
            '_subscription_txid', v._subscription_txid::text) as row,
          v._txid as txid, v.id::text as id,
          case
            when (v._txid > $5 or (v._txid = $5 and v.id::text > $6))
              and (v._preview_txid = any($1) or v._preview_txid >= $2 or v._subscription_txid = any($1) or v._subscription_txid >= $2)
              and v._preview_txid < $3 and v._preview_txid <> all($4) and v._subscription_txid < $3 and v._subscription_txid <> all($4)
              then 1
            when (v._preview_txid = any($7) or v._preview_txid >= $3 or v._subscription_txid = any($7) or v._subscription_txid >= $3)
              and v._preview_txid < $8 and v._preview_txid <> all($9) and v._subscription_txid < $8 and v._subscription_txid <> all($9)
              then 2
          end as round
        from public.followed_content v) t
      where t.round is not null
      order by t.round, t.txid, t.id
      limit $10 $q$;
  else
    _source := format($q$
      (select to_jsonb(t) || jsonb_build_object('_txid', t._txid::text) as row, t._txid as txid, t.id::text as id, 1 as round
        from public.%1$I t
        where t._txid = any($1) and (t._txid > $5 or (t._txid = $5 and t.id::text > $6)) %2$s
        order by t._txid, t.id::text limit $10)
      union all
      (select to_jsonb(t) || jsonb_build_object('_txid', t._txid::text), t._txid, t.id::text, 1
        from public.%1$I t
        where t._txid >= greatest($2, $5) and t._txid < $3 and t._txid <> all($4)
          and (t._txid > $5 or (t._txid = $5 and t.id::text > $6)) %2$s
        order by t._txid, t.id::text limit $10)
      union all
      (select to_jsonb(t) || jsonb_build_object('_txid', t._txid::text), t._txid, t.id::text, 2
        from public.%1$I t
        where t._txid = any($7) %2$s
        order by t._txid, t.id::text limit $10)
      union all
      (select to_jsonb(t) || jsonb_build_object('_txid', t._txid::text), t._txid, t.id::text, 2
        from public.%1$I t
        where t._txid >= $3 and t._txid < $8 and t._txid <> all($9) %2$s
        order by t._txid, t.id::text limit $10) $q$, p_collection, _scope);
  end if;

  execute format($q$
    with page as (
      select u.row, u.txid, u.id, u.round from (%s) u
      order by u.round, u.txid, u.id
      limit $10)
    select coalesce(jsonb_agg(page.row order by page.round, page.txid, page.id), '[]'::jsonb), count(*)::integer,
      (array_agg(page.round order by page.round desc, page.txid desc, page.id desc))[1],
      (array_agg(page.txid order by page.round desc, page.txid desc, page.id desc))[1],
      (array_agg(page.id order by page.round desc, page.txid desc, page.id desc))[1]
    from page $q$, _source)
  into _rows, _count, _last_round, _last_txid, _last_id
  using _newly_1, _base_xmax, _upto_xmax, _upto_xip, _after_txid, _after_id, _newly_2, _now_xmax, _now_xip, p_limit;

  -- Every key, always: RxDB stacks checkpoints with Object.assign.
  return jsonb_build_object('rows', _rows, 'checkpoint',
    case
      when _count < p_limit then jsonb_build_object('snapshot', _now::text, 'upto', null, 'txid', null, 'id', null)
      when _last_round = 1 then jsonb_build_object('snapshot', _base::text, 'upto', _upto::text, 'txid', _last_txid::text, 'id', _last_id)
      else jsonb_build_object('snapshot', _upto::text, 'upto', _now::text, 'txid', _last_txid::text, 'id', _last_id)
    end);
end
$function$;

comment on function public.sync_pull(text,jsonb,integer) is 'A page of a synced collection after a snapshot checkpoint: rows whose transaction became visible since it (see migration 20261128500000).';


CREATE OR REPLACE FUNCTION public.sync_pull(p_collection text, p_after_txid text DEFAULT '0'::text, p_after_id text DEFAULT ''::text, p_limit integer DEFAULT 100)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  _after bigint;
  _horizon bigint;
  _result jsonb;
  _owner text;
  _releases boolean;
  _scope text := '';
begin
  perform private.refuse_app_token();
  select s.pull_owner_column, s.pull_releases_due into _owner, _releases
    from public.sync_tables s where s.name = p_collection and s.pull;
  if not found then
    raise exception 'sync_pull: unknown collection %', p_collection using errcode = '22023';
  end if;
  if _owner is not null then
    _scope := format('and t.%I = (select auth.uid())', _owner);
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 1000 then
    raise exception 'sync_pull: p_limit must be between 1 and 1000' using errcode = '22023';
  end if;
  if coalesce(p_after_txid, '') !~ '^[0-9]{1,19}$' then
    raise exception 'sync_pull: p_after_txid must be a transaction id' using errcode = '22023';
  end if;
  _after := p_after_txid::bigint;
  if _releases and (select auth.uid()) is not null then
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
$function$;

comment on function public.sync_pull(text,text,text,integer) is 'The position-only pull of app versions that hold a (_txid, id) checkpoint, below the reader''s snapshot horizon (see migration 20261126200000); current clients call sync_pull(text, jsonb, integer).';
