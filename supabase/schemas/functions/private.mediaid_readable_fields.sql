CREATE OR REPLACE FUNCTION private.mediaid_readable_fields(p_m public.media_ids)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when coalesce((p_m.privacy_settings ->> 'data_sharing')::boolean, false)
    then array['interests', 'genre_preferences', 'content_flags']
         || case when coalesce((p_m.privacy_settings ->> 'location_access')::boolean, false)
                 then array['location_code'] else '{}'::text[] end
    else '{}'::text[] end
$function$;
