CREATE OR REPLACE FUNCTION private.campaign_has_budget(c public.brand_campaigns)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select c.stopped_at is null
    and c.spent_cents + c.payout_per_code_cents <= c.budget_cents
    and (c.payout_model <> 'revenue_share' or c.spent_cents < c.budget_cents)
$function$;
