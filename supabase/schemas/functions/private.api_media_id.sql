CREATE OR REPLACE FUNCTION private.api_media_id(p_grant public.mediaid_grants)
 RETURNS public.media_ids
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _m public.media_ids;
begin
  select m.* into _m from public.media_ids m
  where m.user_uuid = p_grant.user_id and m.role = p_grant.role and not m._deleted and m.is_active;
  if _m.id is null then
    raise exception 'invalid_token' using errcode = '42501',
      detail = format('The %s MediaID this grant is for no longer exists.', p_grant.role),
      hint = 'Send the user through MediaID sign-in again.';
  end if;
  return _m;
end
$function$;
