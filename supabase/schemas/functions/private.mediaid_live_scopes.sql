CREATE OR REPLACE FUNCTION private.mediaid_live_scopes(p_client text, p_user uuid, p_session uuid)
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select array(select s from unnest(g.scopes) s where s = any (r.scopes) order by s)
  from public.mediaid_grants g, private.app_registration(p_client) r
  where g.user_id = p_user and g.client_id = p_client and g.revoked_at is null and not g._deleted
    and r.scopes is not null
    and exists (select 1 from auth.sessions s where s.id = p_session and s.user_id = p_user)
$function$;
