CREATE OR REPLACE FUNCTION private.live_shard(p_user uuid)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  -- the last two hex digits of the id (uniform for gen_random_uuid ids)
  select (('x' || right(p_user::text, 2))::bit(8)::integer) % private.live_shards()
$function$;
