CREATE OR REPLACE FUNCTION public.collab_brands()
 RETURNS TABLE(id uuid, name text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.refuse_app_token();
  return query
    select m.user_uuid, btrim(p.display_name)
    from public.media_ids m join public.profiles p on p.id = m.user_uuid
    where m.role = 'brand' and m.is_active and not m._deleted
      and nullif(btrim(p.display_name), '') is not null
      and public.holds_role((select auth.uid()), 'artist')
    order by 2
    limit 500;
end
$function$;
