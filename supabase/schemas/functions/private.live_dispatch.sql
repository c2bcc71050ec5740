CREATE OR REPLACE FUNCTION private.live_dispatch()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
