CREATE OR REPLACE FUNCTION public.api_get_analytics()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _r record;
  _g public.mediaid_grants;
  _scopes text[];
  _client text;
  _out jsonb;
begin
  select * into _r from private.api_grant('analytics:read');
  _g := _r.grant_row;
  _scopes := _r.scopes;
  _client := _g.client_id;
  select jsonb_build_object(
    'client_id', _client,
    'connected_users', (select count(*) from public.mediaid_grants g where g.client_id = _client and g.revoked_at is null and not g._deleted),
    'api_calls_30d', (select count(*) from public.mediaid_access_log l where l.client_id = _client and l.at > now() - interval '30 days'),
    'events', jsonb_build_object(
      'total', (select count(*) from public.mediaid_events e where e.client_id = _client),
      'last_30_days', (select count(*) from public.mediaid_events e where e.client_id = _client and e.created_at > now() - interval '30 days'),
      'anonymous', (select count(*) from public.mediaid_events e where e.client_id = _client and e.is_anonymous),
      'by_type', coalesce((select jsonb_agg(jsonb_build_object('event_type', t.event_type, 'count', t.n) order by t.n desc, t.event_type)
                          from (select e.event_type, count(*) as n from public.mediaid_events e
                                where e.client_id = _client group by e.event_type) t), '[]'::jsonb)),
    'generated_at', now()) into _out;
  perform private.api_log(_g, 'GET /api/v1/analytics', 'read the app''s aggregate analytics (nothing about you)');
  return _out;
end
$function$;
