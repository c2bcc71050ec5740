CREATE OR REPLACE FUNCTION private.revenue_share_spent_stops_claims()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.claimed_count > old.claimed_count and not private.campaign_has_budget(old) then
    return null;
  end if;
  return new;
end
$function$;
