CREATE OR REPLACE FUNCTION public.mediaid_token_refresh(p_client_id text, p_refresh text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t private.mediaid_tokens;
  _scopes text[];
begin
  select * into t from private.mediaid_tokens
  where token_hash = private.mediaid_hash(p_refresh) and kind = 'refresh'
  for update;
  if t.token_hash is null or t.client_id <> p_client_id or t.revoked_at is not null or t.expires_at <= now() then
    return private.oauth_error('invalid_grant', 'Invalid refresh token.');
  end if;
  if t.used_at is not null and t.used_at < now() - interval '10 seconds' then
    update private.mediaid_tokens set revoked_at = now() where family_id = t.family_id and revoked_at is null;
    return private.oauth_error('invalid_grant', 'Refresh token already used: this sign-in has ended.');
  end if;
  _scopes := private.mediaid_live_scopes(t.client_id, t.user_id, t.session_id);
  if _scopes is null then
    return private.oauth_error('invalid_grant', 'The user revoked this app, or the app was removed.');
  end if;
  update private.mediaid_tokens set used_at = coalesce(used_at, now()) where token_hash = t.token_hash;
  return private.mediaid_issue(t.family_id, t.client_id, t.user_id, t.session_id)
    || jsonb_build_object('scope', array_to_string(_scopes, ' '));
end
$function$;
