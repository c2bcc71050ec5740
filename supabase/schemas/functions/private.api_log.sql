CREATE OR REPLACE FUNCTION private.api_log(p_grant public.mediaid_grants, p_call text, p_action text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into public.mediaid_access_log (user_id, client_id, app_name, call, action)
  values (p_grant.user_id, p_grant.client_id, p_grant.app_name, p_call, p_action)
$function$;
