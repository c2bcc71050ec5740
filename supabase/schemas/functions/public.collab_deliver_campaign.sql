CREATE OR REPLACE FUNCTION public.collab_deliver_campaign(p_offer uuid, p_campaign uuid)
 RETURNS public.collab_campaigns
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _stopped timestamptz;
begin
  perform private.refuse_app_token();
  -- the caller's own campaign only; anything else gets the body's own refusals. Locked, so a stop
  -- cannot commit between this check and the link. Every delivery takes this lock first: one order.
  select c.stopped_at into _stopped from public.brand_campaigns c
    where c.id = p_campaign and c.brand_id = (select auth.uid()) for update;
  if _stopped is not null then
    raise exception 'This campaign was stopped: it delivers no more codes' using errcode = '22023';
  end if;
  return private.collab_deliver_campaign_body(p_offer, p_campaign);
end
$function$;
