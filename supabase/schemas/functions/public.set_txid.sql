CREATE OR REPLACE FUNCTION public.set_txid()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new._txid := pg_current_xact_id()::text::bigint;
  return new;
end
$function$;
