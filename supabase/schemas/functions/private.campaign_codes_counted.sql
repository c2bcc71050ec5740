CREATE OR REPLACE FUNCTION private.campaign_codes_counted()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _c record;
begin
  for _c in select n.campaign_id, count(*)::integer added from new_codes n group by n.campaign_id order by n.campaign_id loop
    update public.brand_campaigns c set code_count = c.code_count + _c.added where c.id = _c.campaign_id
      and c.ends_on >= current_date and c.stopped_at is null;
    if not found then
      if exists (select 1 from public.brand_campaigns c where c.id = _c.campaign_id and c.stopped_at is not null) then
        raise exception 'This campaign was stopped: it takes no more codes' using errcode = '22023';
      end if;
      raise exception 'This campaign has ended: it takes no more codes' using errcode = '22023';
    end if;
  end loop;
  return null;
exception when check_violation then
  raise exception 'A campaign holds at most 10,000 codes' using errcode = '22023';
end
$function$;
