CREATE OR REPLACE FUNCTION public.developer_app_usage()
 RETURNS TABLE(client_id text, api_calls_30d bigint, connected_users bigint, last_call_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.refuse_app_token();
  if (select auth.uid()) is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  return query
    select a.client_id,
      (select count(*) from public.mediaid_access_log l
        where l.client_id = a.client_id and l.at > now() - interval '30 days'),
      (select count(*) from public.mediaid_grants g
        where g.client_id = a.client_id and g.revoked_at is null and not g._deleted),
      (select max(l.at) from public.mediaid_access_log l where l.client_id = a.client_id)
    from public.developer_apps a
    where a.owner_id = (select auth.uid()) and not a._deleted
    order by a.created_at desc;
end
$function$;
