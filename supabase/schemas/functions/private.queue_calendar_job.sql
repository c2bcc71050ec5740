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
