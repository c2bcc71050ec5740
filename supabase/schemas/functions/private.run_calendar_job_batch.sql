CREATE OR REPLACE FUNCTION private.run_calendar_job_batch(p_batch integer DEFAULT 50)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _job private.calendar_jobs;
  _fans uuid[];
  _fan uuid;
begin
  if p_batch is null or p_batch < 1 then
    raise exception 'batch size must be at least 1' using errcode = '22023';
  end if;
  -- the oldest job no other worker is on
  select * into _job from private.calendar_jobs j order by j.id limit 1 for update skip locked;
  if _job.id is null then
    return null;
  end if;
  -- the job's next fans in id order (as every fill locks one fan: no deadlock between workers)
  if _job.reason = 'campaign' then
    -- codes added to a campaign: the fans who allow brand offers and whom it is for (a campaign
    -- for a few genres fills only their fans; walking past the others costs a lookup each)
    _fans := array(select m.user_uuid from public.media_ids m, public.brand_campaigns c
      where c.id = _job.ref
        and m.role = 'fan' and m.is_active and not m._deleted and m.user_uuid > _job.after_fan
        and coalesce((m.privacy_settings ->> 'marketing_communications')::boolean, false)
        and private.campaign_reaches_fan(c, m.user_uuid)
      order by m.user_uuid limit p_batch);
  elsif _job.reason = 'campaign_stop' then
    -- a stopped campaign: the fans with a coming day of it
    _fans := array(select distinct r.fan_id from public.daily_rewards r
      where r.campaign_id = _job.ref and not r._deleted and r.unlock_date > current_date and r.fan_id > _job.after_fan
      order by r.fan_id limit p_batch);
  elsif _job.reason in ('artist_reward', 'collab') then
    -- the artist's followers: all for their new reward, those who allow brand offers for a
    -- campaign delivered through them
    _fans := array(select s.fan_id from public.subscriptions s
      where s.artist_id = _job.ref::text and not s._deleted and s.fan_id > _job.after_fan
        and (_job.reason = 'artist_reward' or private.brand_offers_allowed(s.fan_id))
      order by s.fan_id limit p_batch);
  else
    raise exception 'unknown calendar job reason %', _job.reason using errcode = '22023';
  end if;
  foreach _fan in array _fans loop
    perform private.fill_reward_calendar(_fan);
  end loop;
  if cardinality(_fans) < p_batch then
    delete from private.calendar_jobs j where j.id = _job.id;
  else
    update private.calendar_jobs j set after_fan = _fans[cardinality(_fans)] where j.id = _job.id;
  end if;
  return cardinality(_fans);
end
$function$;
