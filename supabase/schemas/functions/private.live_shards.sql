CREATE OR REPLACE FUNCTION private.live_shards()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 128 $function$;
