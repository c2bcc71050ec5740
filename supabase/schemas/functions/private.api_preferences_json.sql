CREATE OR REPLACE FUNCTION private.api_preferences_json(p_m public.media_ids)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select jsonb_strip_nulls(jsonb_build_object(
    'role', p_m.role,
    'interests', case when 'interests' = any (r.f) then to_jsonb(p_m.interests) end,
    'genre_preferences', case when 'genre_preferences' = any (r.f) then to_jsonb(p_m.genre_preferences) end,
    'content_flags', case when 'content_flags' = any (r.f) then p_m.content_flags end,
    'location_code', case when 'location_code' = any (r.f) then to_jsonb(nullif(p_m.location_code, '')) end,
    'updated_at', p_m.updated_at))
    || jsonb_build_object('withheld', to_jsonb(array(
         select f from unnest(array['interests', 'genre_preferences', 'content_flags', 'location_code']) f
         where f <> all (r.f))))
  from (select private.mediaid_readable_fields(p_m) as f) r
$function$;
