CREATE OR REPLACE FUNCTION private.live_audience(p_topic text)
 RETURNS integer[]
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
