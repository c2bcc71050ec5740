-- The daily refresh of reward calendars in short transactions.
-- private.refresh_reward_calendars() (20261128800000) fills every fan in ONE transaction: each
-- fill locks that fan's private.reward_calendars row until the very end, so while the nightly job
-- runs over a million fans, a fan who follows an artist or an artist who puts up a reward waits
-- for the whole job. Invariants:
--   * private.refresh_reward_calendars_in_batches(batch) fills fans in id order and commits after
--     every `batch` fans (a procedure: transaction control), so no fan's lock is held longer than
--     one batch; it resumes after the last committed fan id, so a run that stops part-way loses
--     only its open batch. The work per fan does not grow with the number of fans
--     (tests/bench/rewards-scale-postgres.bench.ts).
--   * Hosted, pg_cron CALLs it daily at 00:05 UTC instead of the single-transaction function,
--     which stays for a database owner who wants one transaction by hand.

-- No SET clause: PostgreSQL refuses COMMIT in a procedure that has one. Every name below is
-- schema-qualified, and the body pins search_path itself in each transaction it opens.
create procedure private.refresh_reward_calendars_in_batches(p_batch integer default 50)
language plpgsql as $$
declare
  _after uuid := '00000000-0000-0000-0000-000000000000';
  _fan uuid;
  _n integer;
begin
  if p_batch is null or p_batch operator(pg_catalog.<) 1 then
    raise exception 'batch size must be at least 1' using errcode = '22023';
  end if;
  loop
    perform pg_catalog.set_config('search_path', '', true);
    _n := 0;
    for _fan in select u.id from auth.users u where u.id operator(pg_catalog.>) _after order by u.id limit p_batch loop
      perform private.fill_reward_calendar(_fan);
      _after := _fan;
      _n := _n operator(pg_catalog.+) 1;
    end loop;
    commit;
    exit when _n operator(pg_catalog.<) p_batch;
  end loop;
end
$$;
revoke all on procedure private.refresh_reward_calendars_in_batches(integer) from public, anon, authenticated;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('reward-calendars', '5 0 * * *', 'call private.refresh_reward_calendars_in_batches(50)');
  end if;
end $$;
