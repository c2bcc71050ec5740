CREATE OR REPLACE FUNCTION public.mediaid_client_secret_store(p_client_id text, p_secret text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_secret is null then
    delete from private.oauth_client_secrets where client_id = p_client_id;
  else
    insert into private.oauth_client_secrets (client_id, secret) values (p_client_id, p_secret)
    on conflict (client_id) do update set secret = excluded.secret, updated_at = now();
  end if;
end
$function$;
