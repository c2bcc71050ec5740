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
-- Returns [[visible claim index, ...] per image]. An image equal to the current row is checked
-- in place, as that role with those claims (RLS applies exactly as for a request). An image that
-- is no longer current (deleted, or superseded by a later write) is put back temporarily — with
-- triggers and foreign keys off, inside a subtransaction that is always rolled back — and
-- checked there, so nobody ever receives a row version they could not have selected.
-- Must be called by the superuser (it switches roles and session_replication_role).
create or replace function _realtime.visibility(p_rel regclass, p_images jsonb, p_wanted jsonb, p_claims jsonb)
returns jsonb language plpgsql set search_path = pg_catalog as $$
declare
  _cond text;
  _cols text;
  _img jsonb;
  _cur jsonb;
  _vis jsonb;
  _res jsonb := '[]';
  _i integer := 0;
begin
  select string_agg(format('t.%I = ($1->>%L)::%s', a.attname, a.attname, format_type(a.atttypid, a.atttypmod)), ' and ')
    into _cond
  from pg_index x
  join pg_attribute a on a.attrelid = x.indrelid and a.attnum = any (x.indkey)
  where x.indrelid = p_rel and x.indisprimary;
  if _cond is null then
    -- no primary key: rows cannot be identified, so nothing is delivered (Supabase: "Error 400")
    return (select coalesce(jsonb_agg('[]'::jsonb), '[]') from jsonb_array_elements(p_images));
  end if;
  select string_agg(format('%I', a.attname), ', ' order by a.attnum) into _cols
  from pg_attribute a
  where a.attrelid = p_rel and a.attnum > 0 and not a.attisdropped and a.attgenerated = '';

  for _img in select value from jsonb_array_elements(p_images) loop
    execute format('select to_jsonb(t) from %s t where %s', p_rel, _cond) into _cur using _img;
    if _cur is not null and _cur = _img then
      _vis := _realtime.check_claims(p_rel, _cond, _img, p_wanted -> _i, p_claims);
    else
      _vis := '[]';
      begin
        perform set_config('session_replication_role', 'replica', true);
        execute format('delete from %s t where %s', p_rel, _cond) using _img;
        execute format('insert into %s (%s) overriding system value select %s from jsonb_populate_record(null::%s, $1)',
          p_rel, _cols, _cols, p_rel) using _img;
        perform set_config('session_replication_role', 'origin', true);
        _vis := _realtime.check_claims(p_rel, _cond, _img, p_wanted -> _i, p_claims);
        raise exception using errcode = 'RTRBK';
      exception
        when sqlstate 'RTRBK' then null;
        when others then _vis := '[]';
      end;
    end if;
    _res := _res || jsonb_build_array(_vis);
    _i := _i + 1;
  end loop;
  return _res;
end $$;
revoke all on function _realtime.visibility(regclass, jsonb, jsonb, jsonb) from public;

create or replace function _realtime.check_claims(p_rel regclass, p_cond text, p_img jsonb, p_wanted jsonb, p_claims jsonb)
returns jsonb language plpgsql set search_path = pg_catalog as $$
declare
  _j integer;
  _c jsonb;
  _ok boolean;
  _vis jsonb := '[]';
  _sql text := format('select exists (select 1 from %s t where %s)', p_rel, p_cond);
begin
  for _j in select value::integer from jsonb_array_elements(coalesce(p_wanted, '[]')) loop
    _c := p_claims -> _j;
    _ok := false;
    if has_table_privilege(_c ->> 'role', p_rel, 'SELECT') then
      perform set_config('request.jwt.claims', (_c -> 'claims')::text, true),
        set_config('request.jwt.claim.sub', coalesce(_c -> 'claims' ->> 'sub', ''), true),
        set_config('request.jwt.claim.role', _c ->> 'role', true),
        set_config('role', _c ->> 'role', true);
      begin
        execute _sql into _ok using p_img;
      exception when others then
        _ok := false;
      end;
      reset role;
    end if;
    if _ok then
      _vis := _vis || to_jsonb(_j);
    end if;
  end loop;
  return _vis;
end $$;
revoke all on function _realtime.check_claims(regclass, text, jsonb, jsonb, jsonb) from public;

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
