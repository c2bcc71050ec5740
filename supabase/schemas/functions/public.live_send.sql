CREATE OR REPLACE FUNCTION public.live_send(p_topic text, p_collections jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _key text := E'\n' || p_topic || ' ' || p_collections::text || E'\n';
  _sent text := coalesce(current_setting('bucket.live_sent', true), '');
begin
  if strpos(_sent, _key) > 0 then
    return;
  end if;
  if p_topic = 'everyone' or p_topic like 'artist:%' then
    perform private.live_enqueue(p_topic, p_collections);
  else
    perform realtime.send(jsonb_build_object('collections', p_collections), 'changed', p_topic, true);
  end if;
  if length(_sent) < 32768 then
    perform set_config('bucket.live_sent', _sent || _key, true);
  end if;
end
$function$;
