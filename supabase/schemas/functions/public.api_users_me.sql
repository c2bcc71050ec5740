CREATE OR REPLACE FUNCTION public.api_users_me()
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
  _f text[];
  _name text;
begin
  select * into _r from private.api_grant('media:read');
  _g := _r.grant_row;
  _scopes := _r.scopes;
  _m := private.api_media_id(_g);
  _f := private.mediaid_readable_fields(_m);
  if 'interests' = any (_f) then
    select p.display_name into _name from public.profiles p where p.id = _m.user_uuid;
  end if;
  perform private.api_log(_g, 'GET /api/v1/users/me', 'read your MediaID summary');
  return jsonb_strip_nulls(jsonb_build_object(
      'id', _m.user_uuid,
      'role', _m.role,
      'display_name', nullif(_name, ''),
      'location_code', case when 'location_code' = any (_f) then nullif(_m.location_code, '') end,
      'member_since', case when 'interests' = any (_f) then _m.created_at end))
    || jsonb_build_object('scopes', to_jsonb(_scopes),
      'withheld', to_jsonb(array(select x from unnest(array['display_name', 'location_code', 'member_since']) x
        where not (case x when 'location_code' then 'location_code' = any (_f) else 'interests' = any (_f) end))));
end
$function$;
