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
