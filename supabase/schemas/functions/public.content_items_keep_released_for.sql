CREATE OR REPLACE FUNCTION public.content_items_keep_released_for()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if public.is_api_caller() then
    new._released_for := case when tg_op = 'UPDATE' then old._released_for end;
  end if;
  return new;
end
$function$;
