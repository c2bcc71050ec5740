CREATE OR REPLACE FUNCTION private.live_enqueue(p_topic text, p_collections jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.live_fanout as f (topic, collections) values (p_topic, p_collections)
  on conflict (topic) do update set
    collections = (select coalesce(jsonb_agg(distinct e order by e), '[]'::jsonb)
                   from jsonb_array_elements(f.collections || excluded.collections) e),
    again_below = case when f.sizes is null then f.again_below else greatest(f.again_below, f.next_shard) end;
end
$function$;
