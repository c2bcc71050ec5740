-- Change capture for the local Realtime server (PGlite has no logical replication).
-- LOCAL BACKEND ONLY: never part of supabase/migrations — hosted Supabase streams the WAL.
-- Invariants: the trigger only appends one row to _realtime.changes and notifies (no other
-- locks, no reads), so request transactions stay cheap; rolled-back writes leave nothing (the
-- queue row and the NOTIFY die with the transaction); _realtime is invisible to API roles.
-- Idempotent: runs at every start.

create schema if not exists _realtime;
revoke all on schema _realtime from public;
revoke all on schema _realtime from anon, authenticated, service_role;

create table if not exists _realtime.changes (
  id bigserial primary key,
  op text not null,
  rel oid not null,
  new_row jsonb,
  old_row jsonb,
  at timestamptz not null default clock_timestamp()
);
revoke all on _realtime.changes from public;
revoke all on _realtime.changes from anon, authenticated, service_role;

create or replace function _realtime.capture() returns trigger
language plpgsql security definer set search_path = pg_catalog as $$
begin
  insert into _realtime.changes (op, rel, new_row, old_row)
  values (
    tg_op,
    tg_relid,
    case when tg_op <> 'DELETE' then to_jsonb(new) end,
    case when tg_op <> 'INSERT' then to_jsonb(old) end
  );
  perform pg_notify('bucket_realtime', '');
  return null;
end $$;
revoke all on function _realtime.capture() from public;

-- Which of the given claim sets may SELECT each row image?
-- p_images: [row image, ...]; p_wanted: [[claim index, ...] per image]; p_claims: [{role, claims}].
-- Returns [[visible claim index, ...] per image]. Images equal to the current row are checked in
-- place: ONE query per claim set covers all of them, run as that role with those claims (RLS
-- applies exactly as for a request). An image that is no longer current (deleted, or superseded
-- by a later write) is put back temporarily — triggers and foreign keys off, inside a
-- subtransaction that is always rolled back — and checked there, so nobody ever receives a
-- row version they could not have selected.
-- Must be called by the superuser (it switches roles and session_replication_role).
create or replace function _realtime.visibility(p_rel regclass, p_images jsonb, p_wanted jsonb, p_claims jsonb)
returns jsonb language plpgsql set search_path = pg_catalog as $$
declare
  _cond text;   -- primary-key match of t against the image expression $IMG
  _cols text;
  _n integer := jsonb_array_length(p_images);
  _current boolean[];
  _vis jsonb[];
  _batch jsonb;
  _hits jsonb;
  _j integer;
  _i integer;
  _img jsonb;
begin
  select string_agg(format('t.%I = ($IMG->>%L)::%s', a.attname, a.attname, format_type(a.atttypid, a.atttypmod)), ' and ')
    into _cond
  from pg_index x
  join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any (x.indkey)
  where x.indrelid = p_rel and x.indisprimary;
  if _cond is null or _n = 0 then
    -- no primary key: rows cannot be identified, so nothing is delivered (Supabase: "Error 400")
    return (select coalesce(jsonb_agg('[]'::jsonb), '[]') from jsonb_array_elements(p_images));
  end if;
  select string_agg(format('%I', a.attname), ', ' order by a.attnum) into _cols
  from pg_attribute a
  where a.attrelid = p_rel and a.attnum > 0 and not a.attisdropped and a.attgenerated = '';
  perform set_config('plan_cache_mode', 'force_generic_plan', true);

  execute format(
    'select array_agg(coalesce(to_jsonb(t) = e.v, false) order by e.o)
       from jsonb_array_elements($1) with ordinality e(v, o) left join %s t on %s',
    p_rel, replace(_cond, '$IMG', 'e.v')) into _current using p_images;
  _vis := array_fill('[]'::jsonb, array[_n]);

  for _j in 0 .. jsonb_array_length(p_claims) - 1 loop
    select coalesce(jsonb_agg(jsonb_build_object('i', w.i - 1, 'v', p_images -> (w.i::integer - 1))), '[]') into _batch
    from jsonb_array_elements(p_wanted) with ordinality w(list, i)
    where _current[w.i::integer] and w.list @> to_jsonb(_j);
    continue when jsonb_array_length(_batch) = 0;
    _hits := _realtime.check_batch(p_rel, _cond, _batch, p_claims -> _j);
    for _i in select value::integer from jsonb_array_elements(_hits) loop
      _vis[_i + 1] := _vis[_i + 1] || to_jsonb(_j);
    end loop;
  end loop;

  for _i in 1 .. _n loop
    continue when _current[_i] or jsonb_array_length(p_wanted -> (_i - 1)) = 0;
    _img := p_images -> (_i - 1);
    begin
      perform set_config('session_replication_role', 'replica', true);
      execute format('delete from %s t where %s', p_rel, replace(_cond, '$IMG', '$1')) using _img;
      execute format('insert into %s (%s) overriding system value select %s from jsonb_populate_record(null::%s, $1)',
        p_rel, _cols, _cols, p_rel) using _img;
      perform set_config('session_replication_role', 'origin', true);
      for _j in select value::integer from jsonb_array_elements(p_wanted -> (_i - 1)) loop
        _hits := _realtime.check_batch(p_rel, _cond, jsonb_build_array(jsonb_build_object('i', _i - 1, 'v', _img)), p_claims -> _j);
        if jsonb_array_length(_hits) > 0 then
          _vis[_i] := _vis[_i] || to_jsonb(_j);
        end if;
      end loop;
      raise exception using errcode = 'RTRBK';
    exception
      when sqlstate 'RTRBK' then null;
      when others then _vis[_i] := '[]';
    end;
  end loop;
  return to_jsonb(_vis);
end $$;
revoke all on function _realtime.visibility(regclass, jsonb, jsonb, jsonb) from public;

-- As one claim set ({role, claims}): which of the batch's images ([{i, v}]) can be selected?
-- Returns [i, ...]. A role without SELECT on the table, or a policy that raises, sees nothing.
-- The query is a prepared statement per table (planned once, not once per subscriber: planning
-- with RLS dominates the cost on PGlite); Postgres re-plans it by itself when the role changes
-- (RLS plans depend on the role) or the table is altered.
create or replace function _realtime.check_batch(p_rel regclass, p_cond text, p_batch jsonb, p_claim jsonb)
returns jsonb language plpgsql set search_path = pg_catalog as $$
declare
  _hits jsonb := '[]';
  _stmt text := '_rt_vis_' || p_rel::oid;
begin
  if not has_table_privilege(p_claim ->> 'role', p_rel, 'SELECT') then
    return _hits;
  end if;
  if not exists (select 1 from pg_prepared_statements where name = _stmt) then
    execute format(
      'prepare %I(jsonb) as select coalesce(jsonb_agg((e.x->>''i'')::integer), ''[]'') from jsonb_array_elements($1) e(x)
        where exists (select 1 from %s t where %s)',
      _stmt, p_rel, replace(p_cond, '$IMG', '(e.x->''v'')'));
  end if;
  perform set_config('request.jwt.claims', (p_claim -> 'claims')::text, true),
    set_config('request.jwt.claim.sub', coalesce(p_claim -> 'claims' ->> 'sub', ''), true),
    set_config('request.jwt.claim.role', p_claim ->> 'role', true),
    set_config('role', p_claim ->> 'role', true);
  begin
    execute format('execute %I(%L::jsonb)', _stmt, p_batch) into _hits;
  exception when others then
    _hits := '[]';
  end;
  reset role;
  return _hits;
end $$;
revoke all on function _realtime.check_batch(regclass, text, jsonb, jsonb) from public;

-- One capture trigger per table of the `supabase_realtime` publication (named to fire last
-- among AFTER triggers, so it sees the final row).
create or replace function _realtime.install_triggers() returns void
language plpgsql set search_path = pg_catalog as $$
declare
  _rel regclass;
begin
  for _rel in
    select format('%I.%I', schemaname, tablename)::regclass
    from pg_publication_tables where pubname = 'supabase_realtime'
  loop
    if not exists (select 1 from pg_trigger where tgrelid = _rel and tgname = 'zz_bucket_realtime_capture') then
      execute format(
        'create trigger zz_bucket_realtime_capture after insert or update or delete on %s for each row execute function _realtime.capture()',
        _rel);
    end if;
  end loop;
end $$;
select _realtime.install_triggers();
-- Events queued before a restart have no subscriber left to receive them.
truncate _realtime.changes;

-- Broadcast from the database: every committed realtime.messages row is queued like a change
-- (the authorization probes of private joins are rolled back, so they never are).
do $$
begin
  if not exists (select 1 from pg_trigger where tgrelid = 'realtime.messages'::regclass and tgname = 'zz_bucket_realtime_capture') then
    create trigger zz_bucket_realtime_capture after insert on realtime.messages
      for each row execute function _realtime.capture();
  end if;
end $$;
