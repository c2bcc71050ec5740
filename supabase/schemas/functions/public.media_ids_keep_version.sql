CREATE OR REPLACE FUNCTION public.media_ids_keep_version()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if public.is_api_caller() then
    new.version := case when tg_op = 'INSERT' then 1 else old.version end;
  end if;
  return new;
end
$function$;
