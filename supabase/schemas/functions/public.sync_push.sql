CREATE OR REPLACE FUNCTION public.sync_push(p_table text, p_rows jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.refuse_app_token();
  if not exists (select 1 from public.sync_tables s where s.name = p_table and s.push) then
    raise exception 'table "%" is not replicated', p_table using errcode = '22023';
  end if;
  return private.sync_push_rows(p_table, p_rows);
end
$function$;

comment on function public.sync_push(text,jsonb) is 'Compare-and-set writes of a batch of device rows into a collection the registry (public.sync_tables) marks push.';
