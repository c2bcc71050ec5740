CREATE OR REPLACE FUNCTION public.mediaid_app_info(p_client_id text)
 RETURNS TABLE(client_id text, name text, scopes text[])
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.refuse_app_token();
  if (select auth.uid()) is null then
    raise exception 'sign in to read an app''s registration' using errcode = '42501';
  end if;
  return query
    select p_client_id, r.name,
      array(select s from unnest(r.scopes) s where s = any (public.mediaid_scopes()) order by s)
    from private.app_registration(p_client_id) r
    where r.name is not null;
end
$function$;
