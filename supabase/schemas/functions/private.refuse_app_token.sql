CREATE OR REPLACE FUNCTION private.refuse_app_token()
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if (select auth.jwt() ->> 'client_id') is not null then
    raise exception 'invalid_token' using errcode = '42501',
      detail = 'A third-party app token (client_id claim) cannot use this function.',
      hint = 'Apps reach MediaID data only through the MediaID API (rpc/api_*).';
  end if;
end
$function$;
