CREATE OR REPLACE FUNCTION public.check_reward_claim()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  _reward public.daily_rewards;
begin
  if tg_op = 'UPDATE' then
    if new.day <> old.day or new.claimed_at <> old.claimed_at
       or (old._deleted is false and new._deleted and public.is_api_caller()) then
      raise exception 'a reward claim cannot be changed or withdrawn' using errcode = '42501';
    end if;
    return new;
  end if;
  select * into _reward from public.daily_rewards r where r.fan_id = new.fan_id and r.day = new.day and not r._deleted;
  if _reward.id is null then
    raise exception 'Day % is not in your reward calendar', new.day using errcode = '23503';
  end if;
  if _reward.unlock_date > current_date and not _reward.unlocked_early then
    raise exception 'Day % is still locked - come back on %', new.day, _reward.unlock_date using errcode = '42501';
  end if;
  if public.is_api_caller() then
    new.claimed_at := now(); -- the server's clock, not the device's
  end if;
  return new;
end
$function$;
