CREATE OR REPLACE FUNCTION public.mediaid_token_exchange(p_client_id text, p_user uuid, p_session uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _scopes text[] := private.mediaid_live_scopes(p_client_id, p_user, p_session);
begin
  if _scopes is null then
    return private.oauth_error('invalid_grant', 'The user has not granted this app access, or the sign-in has ended.');
  end if;
  return private.mediaid_issue(gen_random_uuid(), p_client_id, p_user, p_session)
    || jsonb_build_object('scope', array_to_string(_scopes, ' '));
end
$function$;
