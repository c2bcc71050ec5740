CREATE OR REPLACE FUNCTION public.live_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _parts text[] := '{}';
  _rel text;
  _i integer;
  _msg record;
begin
  -- An upsert fires the insert and the update statement triggers, one of them with no rows (a
  -- calendar fill runs 30 upserts per fan): nothing changed, nothing to say, no query to plan.
  if not exists (select from new_rows) then
    return null;
  end if;
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
$function$;
