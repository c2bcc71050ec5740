CREATE OR REPLACE FUNCTION private.sync_release_due()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  begin
    perform private.sync_release_due_now();
  exception when lock_not_available or deadlock_detected then
    null; -- a writer holds what this needs: the next pull does it
  end;
end
$function$;
