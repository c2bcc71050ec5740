CREATE OR REPLACE FUNCTION public.api_get_preferences()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _r record;
  _g public.mediaid_grants;
  _scopes text[];
  _m public.media_ids;
begin
  select * into _r from private.api_grant('preferences:read');
  _g := _r.grant_row;
  _scopes := _r.scopes;
  _m := private.api_media_id(_g);
  perform private.api_log(_g, 'GET /api/v1/preferences',
    case when cardinality(private.mediaid_readable_fields(_m)) > 0
      then 'read your genre preferences and interests'
      else 'asked for your preferences (Data Sharing is off: nothing was shared)' end);
  return private.api_preferences_json(_m);
end
$function$;
