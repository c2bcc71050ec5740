CREATE OR REPLACE FUNCTION public.developer_apps_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' then
    if new.client_id is distinct from old.client_id then
      raise exception 'client credentials cannot change' using errcode = '42501';
    end if;
    if public.is_api_caller() and (new.client_secret_hash is distinct from old.client_secret_hash
       or new.client_secret_last4 is distinct from old.client_secret_last4) then
      raise exception 'client credentials cannot change' using errcode = '42501';
    end if;
    if public.is_api_caller() and new.redirect_uris is distinct from old.redirect_uris then
      raise exception 'redirect URIs change only through app registration (register-app)' using errcode = '42501';
    end if;
    if new.owner_id is distinct from old.owner_id then
      raise exception 'owner_id cannot change' using errcode = '42501';
    end if;
    new.created_at := old.created_at;
  end if;
  if public.is_api_caller() then
    if tg_op = 'INSERT' then
      new.api_calls := 0;
      new.users := 0;
      new.last_used := null;
    else
      new.api_calls := old.api_calls;
      new.users := old.users;
      new.last_used := old.last_used;
    end if;
  end if;
  return new;
end
$function$;
