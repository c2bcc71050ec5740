CREATE OR REPLACE FUNCTION public.keep_server_created_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  elsif public.is_api_caller() then
    new.created_at := now();
  end if;
  return new;
end
$function$;
