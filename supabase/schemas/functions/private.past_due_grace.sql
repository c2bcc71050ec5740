CREATE OR REPLACE FUNCTION private.past_due_grace()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '7 days' $function$;
