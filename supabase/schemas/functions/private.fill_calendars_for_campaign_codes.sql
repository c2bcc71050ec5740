CREATE OR REPLACE FUNCTION private.fill_calendars_for_campaign_codes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _campaign uuid;
begin
  -- Consenting fans' calendars are filled by the calendar jobs (pg_cron), not in the brand's
  -- request: a request that filled every consenting fan grew with the fans and ran into the API's
  -- statement timeout. A campaign starting later than a calendar reaches is left to the daily refresh.
  for _campaign in select distinct c.id from new_codes n join public.brand_campaigns c on c.id = n.campaign_id
      where c.starts_on <= current_date + 29 order by c.id loop
    perform private.queue_calendar_job('campaign', _campaign);
  end loop;
  return null;
end
$function$;
