CREATE OR REPLACE FUNCTION private.brand_offers_allowed(p_fan uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.media_ids m
    where m.user_uuid = p_fan and m.role = 'fan' and m.is_active and not m._deleted
      and coalesce((m.privacy_settings ->> 'marketing_communications')::boolean, false))
$function$;
