CREATE OR REPLACE FUNCTION public.generate_fan_sample(p_fan uuid, p_signed_up timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (select 1 from public.reward_claims c where c.fan_id = p_fan) then
    return; -- a fan who claimed anything keeps their calendar
  end if;
  delete from public.daily_rewards r where r.fan_id = p_fan and r.source <> 'sample';
  perform public.generate_fan_sample_rows(p_fan, p_signed_up); -- its rows take source 'sample' by default
end
$function$;
