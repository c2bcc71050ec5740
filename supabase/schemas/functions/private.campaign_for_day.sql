CREATE OR REPLACE FUNCTION private.campaign_for_day(p_fan uuid, p_day integer, p_date date)
 RETURNS TABLE(campaign_id uuid, title text, brand_name text, cultural_context text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- PL/pgSQL, not SQL: a SQL function with a SET clause is never inlined and its query is planned
  -- again on every call; here the plan is kept for the session. A calendar fill asks this for each
  -- of 30 days per fan, and planning was nearly all of a fill's time.
  return query
    select c.id, c.title, c.brand_name, c.cultural_context
    from public.brand_campaigns c
    -- the dates narrow first (cheap, and the dates index can serve them); campaign_status decides
    where p_date between c.starts_on and c.ends_on
      and private.campaign_status(c, p_date) = 'running'
      and private.campaign_reaches_fan(c, p_fan)
      and not exists (select 1 from public.daily_rewards r
                      where r.fan_id = p_fan and not r._deleted and r.day <> p_day
                        and (r.campaign_id = c.id or (r.source = 'brand' and (r.day - 1) / 7 = (p_day - 1) / 7)))
      and not exists (select 1 from private.campaign_claims x where x.campaign_id = c.id and x.fan_id = p_fan)
    order by c.starts_on, c.created_at, c.id
    limit 1;
end
$function$;
