CREATE OR REPLACE FUNCTION private.brand_public_name(p_brand uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((select nullif(btrim(pr.display_name), '') from public.profiles pr where pr.id = p_brand),
                  'Unnamed brand')
$function$;
