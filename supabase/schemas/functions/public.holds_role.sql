CREATE OR REPLACE FUNCTION public.holds_role(p_user uuid, p_role text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.media_ids m
    where m.user_uuid = p_user and m.role = p_role and m.is_active and not m._deleted
  )
$function$;
