CREATE OR REPLACE FUNCTION public.mediaid_call(p_token text, p_call text, p_body jsonb DEFAULT '{}'::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t private.mediaid_tokens;
begin
  select * into t from private.mediaid_tokens
  where token_hash = private.mediaid_hash(coalesce(p_token, '')) and kind = 'access';
  if t.token_hash is null or t.revoked_at is not null or t.expires_at <= now() then
    raise exception 'invalid_token' using errcode = '42501',
      detail = 'The access token is unknown, expired or revoked.',
      hint = 'Refresh it at the MediaID token endpoint, or send the user through MediaID sign-in again.';
  end if;
  perform set_config('mediaid.client_id', t.client_id, true),
          set_config('mediaid.user_id', t.user_id::text, true),
          set_config('mediaid.session_id', t.session_id::text, true);
  return case p_call
    when 'users_me' then public.api_users_me()
    when 'get_preferences' then public.api_get_preferences()
    when 'put_preferences' then public.api_put_preferences(coalesce(p_body, '{}'))
    when 'post_event' then public.api_post_event(coalesce(p_body, '{}'))
    when 'get_analytics' then public.api_get_analytics()
    else null
  end;
end
$function$;
