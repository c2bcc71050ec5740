CREATE OR REPLACE FUNCTION private.api_grant(p_scope text, OUT grant_row public.mediaid_grants, OUT scopes text[])
 RETURNS record
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _client text := nullif(current_setting('mediaid.client_id', true), '');
  _uid uuid := nullif(current_setting('mediaid.user_id', true), '')::uuid;
  _session uuid := nullif(current_setting('mediaid.session_id', true), '')::uuid;
  _app_scopes text[];
begin
  if _client is null or _uid is null or _session is null then
    raise exception 'invalid_token' using errcode = '42501',
      detail = 'This call needs a MediaID access token.',
      hint = 'Sign the user in with MediaID and call the MediaID API with its access token.';
  end if;
  if not exists (select 1 from auth.sessions s where s.id = _session and s.user_id = _uid) then
    raise exception 'invalid_token' using errcode = '42501',
      detail = 'This token''s sign-in has ended: the user revoked the app, or the app was removed.',
      hint = 'Send the user through MediaID sign-in again.';
  end if;
  -- One statement checks and locks: see 20261127600000_mediaid_api.sql's header (revocation race).
  update public.mediaid_grants g set last_used_at = now()
  where g.user_id = _uid and g.client_id = _client and g.revoked_at is null and not g._deleted
  returning g.* into grant_row;
  select r.scopes into _app_scopes from private.app_registration(_client) r;
  if grant_row.id is null or _app_scopes is null then
    raise exception 'invalid_token' using errcode = '42501',
      detail = 'This user has not granted this app access, has revoked it, or the app is disabled.',
      hint = 'Send the user through MediaID sign-in again.';
  end if;
  scopes := array(select s from unnest(grant_row.scopes) s where s = any (_app_scopes) order by s);
  if not p_scope = any (scopes) then
    raise exception 'insufficient_scope' using errcode = '42501',
      detail = format('This call needs the %s scope; this grant has: %s.', p_scope, coalesce(nullif(array_to_string(scopes, ', '), ''), 'none')),
      hint = p_scope;
  end if;
end
$function$;
