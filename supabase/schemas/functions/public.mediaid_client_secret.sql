CREATE OR REPLACE FUNCTION public.mediaid_client_secret(p_client_id text, p_secret_hash text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.secret from public.developer_apps a join private.oauth_client_secrets c on c.client_id = a.client_id
  where a.client_id = p_client_id and a.client_secret_hash = p_secret_hash
    and a.status = 'active' and not a._deleted
$function$;
