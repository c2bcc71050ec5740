CREATE OR REPLACE FUNCTION public.check_comment_tier()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _required integer;
  _content public.content_items;
begin
  if tg_op = 'UPDATE' then
    return new; -- edits and soft deletes of an accepted comment (item_id is fixed above)
  end if;
  if new.locker_item_id is not null then
    select i.fan_tier_required into _required from public.locker_items i
      where i.id = new.locker_item_id and (i.fan_id is null or i.fan_id = new.fan_id) and not i._deleted;
    if _required is null then
      raise exception 'drop % not found', new.item_id using errcode = '23503';
    end if;
    if public.fan_tier(new.fan_id) < _required then
      raise exception 'Tier %+ Required to Comment', _required using errcode = '42501';
    end if;
    return new;
  end if;
  select * into _content from public.content_items c where c.id = new.content_id and not c._deleted;
  if _content.id is not null and (select auth.uid()) is null then
    return new; -- server code (service_role, no user) is not a fan; fans are checked below
  end if;
  if _content.id is null then
    raise exception 'drop % not found', new.item_id using errcode = '23503';
  end if;
  if public.can_read_content(_content) then
    return new;
  end if;
  _required := public.content_tier_rank(_content.subscription_tier_required);
  if public.my_tier_for_artist(_content.artist_id::text) < _required then
    raise exception 'Tier %+ Required to Comment', _required using errcode = '42501';
  end if;
  raise exception 'drop % is not released yet', new.item_id using errcode = '42501';
end
$function$;
