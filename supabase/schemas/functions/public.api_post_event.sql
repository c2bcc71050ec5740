CREATE OR REPLACE FUNCTION public.api_post_event(p jsonb)
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
  _type text := p ->> 'event_type';
  _meta jsonb := coalesce(p -> 'metadata', '{}'::jsonb);
  _at timestamptz;
  _anon boolean;
  _id uuid;
begin
  select * into _r from private.api_grant('events:write');
  _g := _r.grant_row;
  _scopes := _r.scopes;
  _m := private.api_media_id(_g);
  if p is null or jsonb_typeof(p) <> 'object' or _type is null or _type !~ '^[a-z][a-z0-9_.:-]{0,63}$' then
    raise exception 'invalid_request' using errcode = '22023',
      detail = 'event_type must be 1 to 64 characters: lower-case letters, digits, _ . : -, starting with a letter.';
  end if;
  if jsonb_typeof(_meta) <> 'object' or octet_length(_meta::text) > 2048 then
    raise exception 'invalid_request' using errcode = '22023', detail = 'metadata must be an object of at most 2 KB.';
  end if;
  begin
    _at := coalesce((p ->> 'occurred_at')::timestamptz, now());
  exception when others then
    raise exception 'invalid_request' using errcode = '22023', detail = 'occurred_at must be an ISO 8601 timestamp.';
  end;
  if _at > now() + interval '5 minutes' or _at < now() - interval '30 days' then
    raise exception 'invalid_request' using errcode = '22023', detail = 'occurred_at must lie within the last 30 days.';
  end if;
  _anon := coalesce((_m.privacy_settings ->> 'anonymous_logging')::boolean, true);
  insert into public.mediaid_events (client_id, user_id, role, is_anonymous, event_type, metadata, occurred_at, created_at)
  values (_g.client_id,
          case when not _anon then _m.user_uuid end,
          case when not _anon then _m.role end,
          _anon, _type, _meta,
          case when _anon then date_trunc('hour', _at) else _at end,
          case when _anon then date_trunc('hour', now()) else now() end)
  returning id into _id;
  perform private.api_log(_g, 'POST /api/v1/events',
    format('recorded a "%s" event%s', _type, case when _anon then ' (stored anonymously)' else ' linked to you' end));
  return jsonb_strip_nulls(jsonb_build_object('recorded', true, 'event_type', _type, 'anonymous', _anon,
    'id', case when not _anon then _id end));
end
$function$;
