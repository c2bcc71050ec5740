-- A pull never waits on writers for its housekeeping, and never deadlocks with them.
--
-- sync_pull first does what time already decided (private.sync_release_due): it bumps the
-- position of items whose unlock date passed and writes down the caller's expired paid-tier grace.
-- Those updates fire the content triggers, which also update the artist's directory row; a writer
-- that updated one of the artist's items and then another (holding that directory row) and a pull
-- releasing the second item formed a cycle: PostgreSQL's deadlock detector aborted the pull
-- (seen once in concurrent-pull on Debian PostgreSQL, 8 writers). Nothing here must be done by
-- this pull: the next pull does it, and access never depends on it (RLS reads the date and the
-- grace). So the work runs in a subtransaction with a lock timeout well under deadlock_timeout
-- (1 s): when a writer holds what it needs, the pull rolls its housekeeping back and answers the
-- page, and the writer goes on. The pull's only writes are these, so no pull can be the victim of
-- a deadlock any more.

create function private.sync_release_due_now() returns void
language plpgsql security definer set search_path = '' set lock_timeout = '100ms' as $$
begin
  update public.content_items c set _released_for = c.unlock_date
  where c.id in (
    select d.id from public.content_items d
    where d.unlock_date is not null and d.unlock_date <= now() and d._released_for is distinct from d.unlock_date
    order by d.unlock_date
    limit 200
    for update skip locked);
  update public.subscriptions s
    set tier = 'free', price = 0, access_ended_reason = 'payment_failed', updated_at = now()
  where s.fan_id = (select auth.uid()) and s.stripe_status = 'past_due' and s.tier <> 'free'
    and private.held_tier(s.fan_tier, s.stripe_status, s.past_due_since) = 0;
end
$$;
revoke all on function private.sync_release_due_now() from public, anon, authenticated;

create or replace function private.sync_release_due() returns void
language plpgsql security definer set search_path = '' as $$
begin
  begin
    perform private.sync_release_due_now();
  exception when lock_not_available or deadlock_detected then
    null; -- a writer holds what this needs: the next pull does it
  end;
end
$$;
