CREATE OR REPLACE FUNCTION public.campaign_add_codes(p_campaign uuid, p_codes text[])
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _given integer := coalesce(cardinality(p_codes), 0);
  _added integer;
  _stopped timestamptz;
begin
  perform private.refuse_app_token();
  select c.stopped_at into _stopped from public.brand_campaigns c
    where c.id = p_campaign and c.brand_id = (select auth.uid());
  if not found then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if _stopped is not null then
    raise exception 'This campaign was stopped: it takes no more codes' using errcode = '22023';
  end if;
  if _given > 10000 then
    raise exception 'A campaign holds at most 10,000 codes' using errcode = '22023';
  end if;
  -- the pool's triggers count the codes, keep the cap, refuse an ended or stopped campaign and fill calendars
  insert into public.campaign_codes (campaign_id, code)
    select p_campaign, k.code from (select distinct btrim(x) code from unnest(p_codes) x) k
    where k.code is not null and k.code <> '' order by k.code
    on conflict (campaign_id, code) do nothing;
  get diagnostics _added = row_count;
  return jsonb_build_object('added', _added, 'skipped', _given - _added,
    'code_count', (select c.code_count from public.brand_campaigns c where c.id = p_campaign));
end
$function$;
