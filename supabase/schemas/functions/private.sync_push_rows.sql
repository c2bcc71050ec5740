CREATE OR REPLACE FUNCTION private.sync_push_rows(p_table text, p_rows jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
AS $function$
declare
  _rel regclass;
  _pk_type text;
  _columns text[];
  _item jsonb;
  _new jsonb;
  _assumed jsonb;
  _id text;
  _current jsonb;
  _cols text[];
  _col_list text;
  _count integer;
  -- a jsonb[] grows in place (expanded array); `jsonb || jsonb` copied the whole result per row
  _result jsonb[] := '{}';
begin
  perform private.refuse_app_token();
  if not exists (select 1 from public.sync_tables s where s.name = p_table) then
    raise exception 'table "%" is not replicated', p_table using errcode = '22023';
  end if;
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' then
    raise exception 'p_rows must be a JSON array' using errcode = '22023';
  end if;

  _rel := format('public.%I', p_table)::regclass;
  select format_type(a.atttypid, a.atttypmod) into _pk_type
    from pg_attribute a where a.attrelid = _rel and a.attname = 'id' and not a.attisdropped;
  select array_agg(a.attname::text order by a.attnum) into _columns
    from pg_attribute a
    where a.attrelid = _rel and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = '' and a.attname <> '_modified';

  for _item in select value from jsonb_array_elements(p_rows) loop
    _new := _item -> 'new';
    _assumed := nullif(_item -> 'assumed', 'null'::jsonb);
    _id := _new ->> 'id';
    begin
      if _new is null or jsonb_typeof(_new) <> 'object' then
        raise exception 'each row needs a "new" object' using errcode = '22023';
      end if;
      _cols := array(select k from jsonb_object_keys(_new) k where k = any (_columns));
      if cardinality(_cols) = 0 then
        raise exception 'row has no known columns' using errcode = '22023';
      end if;
      select string_agg(quote_ident(c), ', ') into _col_list from unnest(_cols) c;

      _current := null;
      if _id is not null then
        execute format('select to_jsonb(t) from %s t where t.id = $1::%s for update', _rel, _pk_type)
          into _current using _id;
      end if;

      if _current is null and _assumed is null then
        execute format('insert into %1$s (%2$s) select %2$s from jsonb_populate_record(null::%1$s, $1)',
                       _rel, _col_list)
          using _new;
      elsif _current is null then
        -- the client believes the row exists but it is not visible (or gone): report it
        raise exception 'row % not found or not visible', _id using errcode = 'P0002';
      elsif _assumed is null
         or (_assumed ->> '_modified')::timestamptz is distinct from (_current ->> '_modified')::timestamptz then
        _result := array_append(_result, jsonb_build_object('id', _id, 'conflict', _current));
      else
        execute format('update %1$s t set (%2$s) = (select %2$s from jsonb_populate_record(null::%1$s, $1)) where t.id = $2::%3$s',
                       _rel, _col_list, _pk_type)
          using _new, _id;
        get diagnostics _count = row_count;
        if _count = 0 then
          raise exception 'update of row % was refused by row-level security', _id using errcode = '42501';
        end if;
      end if;
    exception when others then
      _result := array_append(_result, jsonb_build_object(
        'id', _id, 'error', jsonb_build_object('code', sqlstate, 'message', sqlerrm)));
    end;
  end loop;
  return to_jsonb(_result);
end
$function$;
