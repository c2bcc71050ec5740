CREATE OR REPLACE FUNCTION public.can_engage_with(p_locker_item text, p_content uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select case
    when p_locker_item is not null then
      exists (select 1 from public.locker_items i where i.id = p_locker_item)
    else
      exists (select 1 from public.content_items c
              where c.id = p_content and not c._deleted and public.can_read_content(c))
  end
$function$;
