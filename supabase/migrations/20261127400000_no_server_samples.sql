-- No server-created sample for real fans (issue 31 Deliver 3): nothing on the server that the
-- user did not do. The spec's sample fan (tier 3, streak 5, six drops) lives on the client (the
-- sample screens, /test, and a signed-in fan's 'Mock Data' panels, marked "Sample").
-- Invariants after this migration:
--   * signing up creates no subscription, reward claim, reward calendar or locker drop: the
--     auth.users trigger and the self-service RPC ensure_fan_sample() are gone;
--   * generate_fan_sample(uuid, timestamptz) stays, callable by service_role only, to seed the
--     spec's sample fan on purpose (tests, demos) — never for a real account by itself;
--   * remove_untouched_fan_samples() soft-deletes (so synced devices drop them) the generated
--     rows a fan never touched, and keeps everything the fan did. "Untouched", precisely:
--       - subscription: artist_id 'bti' (a sample artist, no real account), still tier3 at
--         $8 and not cancelled — a fan can never obtain that row themselves (paid tiers come
--         from the payment side), and a step-down or cancel makes it theirs;
--       - reward claim: days 1-5, claimed_at before the account was created (the generator
--         back-dated them; a real claim gets the server's now(), never before sign-up), and
--         not reacted, saved or shared;
--       - reward calendar: all 30 days, only when the fan has no claim left after the above
--         (a fan who claimed a day keeps their calendar and every claim in it, so their streak
--         and the server's "claimed once" rule stay consistent);
--       - locker drop: one of the six per-fan sample drops (id `fan|drop-…`) the fan never
--         reacted to, saved, shared, used or commented on (no interaction or comment row).
--   * a reward claim is still never withdrawn by an API caller; server code may soft-delete.

-- ------------------------------------------------------------------ stop generating
drop trigger if exists generate_fan_sample on auth.users;
drop function if exists public.generate_fan_sample_on_signup();
drop function if exists public.ensure_fan_sample();

revoke all on function public.generate_fan_sample(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.generate_fan_sample(uuid, timestamptz) to service_role;

-- ------------------------------------------------------------------ claims: server may withdraw
create or replace function public.check_reward_claim() returns trigger
language plpgsql set search_path = '' as $$
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
$$;

revoke all on function public.check_reward_claim() from public, anon, authenticated;

-- ------------------------------------------------------------------ remove what nobody did
create function public.remove_untouched_fan_samples() returns table (
  subscriptions integer, claims integer, calendar_days integer, drops integer)
language plpgsql security definer set search_path = '' as $$
declare
  _subscriptions integer;
  _claims integer;
  _calendar integer;
  _drops integer;
begin
  update public.subscriptions s set _deleted = true, updated_at = now()
    where s.artist_id = 'bti' and s.tier = 'tier3' and s.price = 8 and not s._deleted;
  get diagnostics _subscriptions = row_count;

  update public.reward_claims c set _deleted = true, updated_at = now()
    from auth.users u
    where u.id = c.fan_id and not c._deleted and c.day between 1 and 5
      and c.claimed_at < u.created_at and not (c.reacted or c.saved or c.shared);
  get diagnostics _claims = row_count;

  update public.daily_rewards r set _deleted = true, updated_at = now()
    where not r._deleted
      and not exists (select 1 from public.reward_claims c where c.fan_id = r.fan_id and not c._deleted);
  get diagnostics _calendar = row_count;

  update public.locker_items i set _deleted = true, updated_at = now()
    where not i._deleted and i.fan_id is not null
      and i.id in (select i.fan_id::text || '|' || k from unnest(array['drop-static-bloom', 'drop-cathedral-fog',
        'drop-neon-merch-code', 'drop-paper-lungs-event', 'drop-rust-belt-demo', 'drop-shibuya-visual']) k)
      and not exists (select 1 from public.locker_interactions x where x.item_id = i.id and x.fan_id = i.fan_id)
      and not exists (select 1 from public.locker_comments m where m.item_id = i.id and m.fan_id = i.fan_id);
  get diagnostics _drops = row_count;

  return query select _subscriptions, _claims, _calendar, _drops;
end
$$;

revoke all on function public.remove_untouched_fan_samples() from public, anon, authenticated;
grant execute on function public.remove_untouched_fan_samples() to service_role;

select * from public.remove_untouched_fan_samples();
