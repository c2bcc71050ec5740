CREATE OR REPLACE FUNCTION public.set_modified()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new._modified := clock_timestamp();
  return new;
end
$function$;
