CREATE OR REPLACE FUNCTION public.campaign_stop(p_campaign uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _c public.brand_campaigns;
begin
  perform private.refuse_app_token();
  -- the claim's row lock: claims holding it finish first, later ones see the stop
  select * into _c from public.brand_campaigns c
    where c.id = p_campaign and c.brand_id = (select auth.uid()) for no key update;
  if _c.id is null then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if _c.stopped_at is null then
    update public.brand_campaigns c set stopped_at = now() where c.id = _c.id returning * into _c;
    -- the fans' coming days of it are refilled by the calendar jobs; a claim of one is refused meanwhile
    perform private.queue_calendar_job('campaign_stop', _c.id);
  end if;
  return jsonb_build_object('stopped_at', _c.stopped_at, 'claims', _c.claimed_count,
    'codes_left', _c.code_count - _c.claimed_count);
end
$function$;
