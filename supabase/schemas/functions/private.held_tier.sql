CREATE OR REPLACE FUNCTION private.held_tier(p_fan_tier integer, p_status text, p_past_due_since timestamp with time zone)
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when p_status = 'past_due' and coalesce(p_past_due_since, now()) <= now() - private.past_due_grace() then 0
    else coalesce(p_fan_tier, 0)
  end
$function$;
