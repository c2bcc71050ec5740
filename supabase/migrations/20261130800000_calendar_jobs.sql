-- Calendar fills that reach many fans run as jobs, not in the request that caused them.
-- Adding codes to a campaign, stopping it, delivering it through an artist and an artist putting up
-- a reward each filled every fan concerned inside the brand's or artist's own request: one fill per
-- fan (about 15 ms on Debian's PostgreSQL 15), so the request grew with the audience, held a lock
-- per fan until it ended and, past a few hundred consenting fans, ran into hosted PostgREST's
-- statement timeout for `authenticated` (8 s). Invariants:
--   * The request queues one job (private.queue_calendar_job: one row per reason and source,
--     queued again it starts over) and returns: its cost does not depend on the number of fans.
--   * private.run_calendar_job_batch(batch) takes the oldest job no other worker holds (FOR UPDATE
--     SKIP LOCKED), fills its next `batch` fans in id order (the order every fill locks fans in)
--     and keeps its position (after_fan), or removes the job when it has walked every fan.
--   * Hosted, pg_cron CALLs private.run_calendar_jobs(50) every 10 seconds: one batch per
--     transaction, so a fan's lock is held for one batch at most and a run that stops part-way
--     keeps what it committed. The local backend runs the batches every second
--     (supabase/local/rewards/calendar-jobs.ts).
--   * Until a fan's turn their calendar shows what it showed; a claim is judged when it is made
--     (a stopped campaign's day is refused at claim), so nothing is given that should not be.
--   * No API role reads the queue or runs a job.
create table private.calendar_jobs (
  id bigint generated always as identity primary key,
  reason text not null check (reason in ('campaign', 'campaign_stop', 'artist_reward', 'collab')),
  -- the campaign (campaign, campaign_stop) or the artist (artist_reward, collab)
  ref uuid not null,
  after_fan uuid not null default '00000000-0000-0000-0000-000000000000',
  queued_at timestamptz not null default now(),
  unique (reason, ref)
);
revoke all on table private.calendar_jobs from public, anon, authenticated;
-- New functions and views carry no grants: hosted gives the API roles nothing by default, so
-- grant (and revoke from public) what each one needs before committing.

-- changed: function private.collab_deliver_campaign_body(uuid,uuid) (supabase/schemas/functions/private.collab_deliver_campaign_body.sql)
CREATE OR REPLACE FUNCTION private.collab_deliver_campaign_body(p_offer uuid, p_campaign uuid)
 RETURNS public.collab_campaigns
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _me uuid := (select auth.uid());
  _offer public.collab_offers;
  _c public.brand_campaigns;
  _link public.collab_campaigns;
begin
  perform private.refuse_app_token();
  select * into _offer from public.collab_offers o where o.id = p_offer for update;
  if not found or _me is null or _me not in (_offer.artist_id, _offer.brand_id) then
    raise exception 'No such collaboration' using errcode = 'P0002';
  end if;
  if _me <> _offer.brand_id then
    raise exception 'Only the brand delivers its campaign codes' using errcode = '42501';
  end if;
  if _offer.status <> 'accepted' then
    raise exception 'Only an accepted collaboration delivers codes (this one is %)', _offer.status using errcode = '55000';
  end if;
  select * into _c from public.brand_campaigns c where c.id = p_campaign and c.brand_id = _me for update;
  if not found then
    raise exception 'No such campaign' using errcode = 'P0002';
  end if;
  select * into _link from public.collab_campaigns l where l.campaign_id = p_campaign;
  if found then
    if _link.offer_id = p_offer then
      return _link; -- delivered already: nothing changes, nothing accrues again
    end if;
    raise exception 'This campaign already delivers codes through another collaboration' using errcode = '23505';
  end if;
  if _c.ends_on < current_date then
    raise exception 'This campaign has ended: it delivers no more codes' using errcode = '22023';
  end if;
  insert into public.collab_campaigns (campaign_id, offer_id, artist_id, brand_id, campaign_title, payout_model)
    values (_c.id, _offer.id, _offer.artist_id, _offer.brand_id, _c.title, _c.payout_model)
    returning * into _link;
  if _c.flat_fee_cents > 0 then
    -- already in the campaign's spent_cents since launch: the artist's flat fee, once
    insert into public.collab_earnings (offer_id, campaign_id, artist_id, brand_id, amount_cents, reason)
      values (_offer.id, _c.id, _offer.artist_id, _offer.brand_id, _c.flat_fee_cents, 'flat_fee')
      on conflict do nothing;
  end if;
  -- The artist's consenting followers get the campaign on their calendars through the calendar jobs.
  perform private.queue_calendar_job('collab', _offer.artist_id);
  return _link;
end
$function$;

-- changed: function private.fill_calendars_for_campaign_codes() (supabase/schemas/functions/private.fill_calendars_for_campaign_codes.sql)
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

-- new: function private.queue_calendar_job(text,uuid) (supabase/schemas/functions/private.queue_calendar_job.sql)
CREATE OR REPLACE FUNCTION private.queue_calendar_job(p_reason text, p_ref uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- One job per reason and source: queued again, it starts its walk over (the source changed, so
  -- fans already walked may need another fill). The request that queues it does no fill itself.
  insert into private.calendar_jobs as j (reason, ref) values (p_reason, p_ref)
    on conflict (reason, ref) do update set after_fan = '00000000-0000-0000-0000-000000000000', queued_at = now();
end
$function$;

-- new: function private.run_calendar_job_batch(integer) (supabase/schemas/functions/private.run_calendar_job_batch.sql)
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
    -- codes added to a campaign: every fan who allows brand offers (the fill matches the targeting)
    _fans := array(select m.user_uuid from public.media_ids m
      where m.role = 'fan' and m.is_active and not m._deleted and m.user_uuid > _job.after_fan
        and coalesce((m.privacy_settings ->> 'marketing_communications')::boolean, false)
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

-- new: function private.run_calendar_jobs(integer) (supabase/schemas/functions/private.run_calendar_jobs.sql)
CREATE OR REPLACE PROCEDURE private.run_calendar_jobs(IN p_batch integer DEFAULT 50)
 LANGUAGE plpgsql
AS $procedure$
declare
  _n integer;
begin
  -- What pg_cron runs: every queued calendar job, one batch per transaction, so no fan's calendar
  -- lock is held longer than one batch and a run that stops part-way keeps what it committed.
  -- No SET clause (PostgreSQL refuses COMMIT in a procedure with one): the body pins search_path.
  loop
    perform pg_catalog.set_config('search_path', '', true);
    _n := private.run_calendar_job_batch(p_batch);
    commit;
    exit when _n is null;
  end loop;
end
$procedure$;

-- changed: function public.campaign_stop(uuid) (supabase/schemas/functions/public.campaign_stop.sql)
CREATE OR REPLACE FUNCTION public.campaign_stop(p_campaign uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _c public.brand_campaigns;
begin
  perform private.refuse_app_token();
  -- the claim's row lock: claims holding it finish first, later ones see the stop
  select * into _c from public.brand_campaigns c
    where c.id = p_campaign and c.brand_id = (select auth.uid()) for no key update;
  if _c.id is null then
    raise exception 'No such campaign' using errcode = '42501';
  end if;
  if _c.stopped_at is null then
    update public.brand_campaigns c set stopped_at = now() where c.id = _c.id returning * into _c;
    -- the fans' coming days of it are refilled by the calendar jobs; a claim of one is refused meanwhile
    perform private.queue_calendar_job('campaign_stop', _c.id);
  end if;
  return jsonb_build_object('stopped_at', _c.stopped_at, 'claims', _c.claimed_count,
    'codes_left', _c.code_count - _c.claimed_count);
end
$function$;

-- changed: function public.put_up_reward(text,text,text,integer,integer,date,date,boolean,text[],uuid) (supabase/schemas/functions/public.put_up_reward.sql)
CREATE OR REPLACE FUNCTION public.put_up_reward(p_kind text, p_title text, p_description text, p_tier integer, p_quantity integer, p_starts_on date, p_ends_on date, p_platform_pool boolean DEFAULT false, p_codes text[] DEFAULT NULL::text[], p_content_id uuid DEFAULT NULL::uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _me uuid := (select auth.uid());
  _codes text[];
  _id uuid;
begin
  perform private.refuse_app_token();
  if _me is null or not public.holds_role(_me, 'artist') then
    raise exception 'Only artists can put up rewards' using errcode = '42501';
  end if;
  if p_kind is null or p_kind not in ('code', 'item') then
    raise exception 'A reward is a code or an item' using errcode = '22023';
  end if;
  if p_starts_on is null or p_ends_on is null or p_starts_on < current_date or p_ends_on < p_starts_on
     or p_ends_on > p_starts_on + 90 then
    raise exception 'Pick days from today on, at most 90 days long' using errcode = '22023';
  end if;
  if p_quantity is not null and p_quantity < 1 then
    raise exception 'How many must be at least 1' using errcode = '22023';
  end if;
  if p_kind = 'code' then
    select coalesce(array_agg(distinct btrim(c)), '{}') into _codes from unnest(p_codes) c where btrim(c) <> '';
    if cardinality(_codes) = 0 or cardinality(_codes) > 10000 then
      raise exception 'Add between 1 and 10,000 codes' using errcode = '22023';
    end if;
    if exists (select 1 from unnest(_codes) c where char_length(c) > 64) then
      raise exception 'A code is at most 64 characters' using errcode = '22023';
    end if;
    if p_quantity is not null and p_quantity <> cardinality(_codes) then
      raise exception 'A code reward gives one code per fan: how many is the number of codes' using errcode = '22023';
    end if;
  elsif p_codes is not null and cardinality(p_codes) > 0 then
    raise exception 'Codes belong to a code reward' using errcode = '22023';
  end if;
  if p_content_id is not null and not exists (
      select 1 from public.content_items c where c.id = p_content_id and c.artist_id = _me and not c._deleted) then
    raise exception 'You can only offer your own items' using errcode = '42501';
  end if;
  insert into public.reward_offers (artist_id, kind, title, description, content_id, tier_required, quantity,
      starts_on, ends_on, platform_pool)
    values (_me, p_kind, btrim(p_title), coalesce(btrim(p_description), ''), case when p_kind = 'item' then p_content_id end,
      coalesce(p_tier, 0), case when p_kind = 'code' then cardinality(_codes) else p_quantity end,
      p_starts_on, p_ends_on, coalesce(p_platform_pool, false))
    returning id into _id;
  if p_kind = 'code' then
    insert into private.reward_codes (offer_id, code) select _id, c from unnest(_codes) c;
  end if;
  -- the followers' calendars are filled by the calendar jobs, not in this request (it would grow with them)
  perform private.queue_calendar_job('artist_reward', _me);
  return _id;
end
$function$;

revoke all on function private.queue_calendar_job(text, uuid) from public, anon, authenticated;
revoke all on function private.run_calendar_job_batch(integer) from public, anon, authenticated;
revoke all on procedure private.run_calendar_jobs(integer) from public, anon, authenticated;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('calendar-jobs', '10 seconds', 'call private.run_calendar_jobs(50)');
  end if;
end $$;
