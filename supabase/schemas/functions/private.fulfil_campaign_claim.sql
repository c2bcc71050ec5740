CREATE OR REPLACE FUNCTION private.fulfil_campaign_claim(p_fan uuid, p_day public.daily_rewards)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _stopped timestamptz;
begin
  select c.stopped_at into _stopped from public.brand_campaigns c where c.id = p_day.campaign_id for no key update;
  if _stopped is not null then
    raise exception 'Day %: the brand stopped this campaign before your claim reached Bucket, so nothing was given',
      p_day.day using errcode = 'P0001';
  end if;
  perform private.fulfil_campaign_claim_body(p_fan, p_day);
end
$function$;
