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

-- The housekeeping itself (20261129110000) keeps its body under a new name, now with the timeout.
alter function private.sync_release_due() rename to sync_release_due_now;
alter function private.sync_release_due_now() set lock_timeout = '100ms';
revoke all on function private.sync_release_due_now() from public, anon, authenticated;

create function private.sync_release_due() returns void
language plpgsql security definer set search_path = '' as $$
begin
  begin
    perform private.sync_release_due_now();
  exception when lock_not_available or deadlock_detected then
    null; -- a writer holds what this needs: the next pull does it
  end;
end
$$;
revoke all on function private.sync_release_due() from public, anon;
grant execute on function private.sync_release_due() to authenticated;
