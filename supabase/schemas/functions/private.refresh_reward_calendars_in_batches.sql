CREATE OR REPLACE PROCEDURE private.refresh_reward_calendars_in_batches(IN p_batch integer DEFAULT 50)
 LANGUAGE plpgsql
AS $procedure$
declare
  _after uuid := '00000000-0000-0000-0000-000000000000';
  _fan uuid;
  _n integer;
begin
  if p_batch is null or p_batch operator(pg_catalog.<) 1 then
    raise exception 'batch size must be at least 1' using errcode = '22023';
  end if;
  loop
    perform pg_catalog.set_config('search_path', '', true);
    _n := 0;
    for _fan in select u.id from auth.users u where u.id operator(pg_catalog.>) _after order by u.id limit p_batch loop
      perform private.fill_reward_calendar(_fan);
      _after := _fan;
      _n := _n operator(pg_catalog.+) 1;
    end loop;
    commit;
    exit when _n operator(pg_catalog.<) p_batch;
  end loop;
end
$procedure$;
