CREATE OR REPLACE FUNCTION public.fan_row_set_id()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  _key text := case tg_table_name
    when 'locker_interactions' then new.fan_id::text || '|' || (to_jsonb(new) ->> 'item_id')
    when 'subscriptions' then new.fan_id::text || '|' || (to_jsonb(new) ->> 'artist_id')
    else new.fan_id::text || '|' || (to_jsonb(new) ->> 'day') end;
begin
  if new.id is null or new.id = '' then
    new.id := _key;
  elsif new.id <> _key then
    raise exception '%.id must be %', tg_table_name, _key using errcode = '23514';
  end if;
  if tg_op = 'UPDATE' and new.fan_id is distinct from old.fan_id then
    raise exception 'fan_id cannot change' using errcode = '42501';
  end if;
  return new;
end
$function$;
