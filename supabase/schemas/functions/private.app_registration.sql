CREATE OR REPLACE FUNCTION private.app_registration(p_client_id text, OUT name text, OUT scopes text[])
 RETURNS record
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select a.name, a.scopes from public.developer_apps a
  where a.client_id = p_client_id and a.status = 'active' and not a._deleted
$function$;
