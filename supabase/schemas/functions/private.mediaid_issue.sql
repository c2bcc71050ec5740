CREATE OR REPLACE FUNCTION private.mediaid_issue(p_family uuid, p_client text, p_user uuid, p_session uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _access text := private.mediaid_new_token('mid_at_');
  _refresh text := private.mediaid_new_token('mid_rt_');
  _ttl integer := 3600;
begin
  delete from private.mediaid_tokens where expires_at < now() - interval '1 day';
  insert into private.mediaid_tokens (token_hash, kind, family_id, client_id, user_id, session_id, expires_at)
  values (private.mediaid_hash(_access), 'access', p_family, p_client, p_user, p_session, now() + make_interval(secs => _ttl)),
         (private.mediaid_hash(_refresh), 'refresh', p_family, p_client, p_user, p_session, now() + interval '30 days');
  return jsonb_build_object('access_token', _access, 'token_type', 'Bearer', 'expires_in', _ttl, 'refresh_token', _refresh);
end
$function$;
