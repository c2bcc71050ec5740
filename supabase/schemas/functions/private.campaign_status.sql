CREATE OR REPLACE FUNCTION private.campaign_status(c public.brand_campaigns, p_on date)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  -- What a campaign is on a date; only 'running' gives codes (campaign_for_day), my_campaigns
  -- shows it for today. The first that holds wins: a stopped or ended campaign reads so whatever
  -- else is true of it. PL/pgSQL, not SQL: a SQL function with a SET clause is never inlined, and
  -- the nested campaign_has_budget call would then be planned again on every call; here its plan
  -- is kept for the transaction (campaign_for_day runs per fan and day in calendar fills).
  return case when c.stopped_at is not null then 'stopped'
              when c.ends_on < p_on then 'ended'
              when c.code_count = 0 then 'no_codes'
              when c.claimed_count >= c.code_count then 'out_of_codes'
              when not private.campaign_has_budget(c) then 'spent'
              when c.starts_on > p_on then 'scheduled'
              else 'running' end;
end
$function$;
