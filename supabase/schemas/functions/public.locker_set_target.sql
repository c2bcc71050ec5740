CREATE OR REPLACE FUNCTION public.locker_set_target()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' and new.item_id is distinct from old.item_id then
    raise exception 'a reaction or comment cannot move to another drop' using errcode = '42501';
  end if;
  new.locker_item_id := null;
  new.content_id := null;
  if exists (select 1 from public.locker_items i where i.id = new.item_id) then
    new.locker_item_id := new.item_id;
  else
    new.content_id := public.locker_target_content(new.item_id);
    if new.content_id is null then
      raise exception 'drop % not found', new.item_id using errcode = '23503';
    end if;
  end if;
  return new;
end
$function$;
