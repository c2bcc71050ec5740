CREATE OR REPLACE FUNCTION public.mediaid_grants_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  _app record;
  _live boolean;
begin
  if tg_op = 'UPDATE' and (new.user_id is distinct from old.user_id or new.client_id is distinct from old.client_id) then
    raise exception 'a grant cannot move to another user or app' using errcode = '42501';
  end if;
  new.id := new.user_id::text || '|' || new.client_id;
  new.scopes := array(select distinct s from unnest(new.scopes) s order by s);
  if new._deleted and new.revoked_at is null then
    new.revoked_at := now(); -- deleting a grant revokes it
  end if;
  if public.is_api_caller() then
    new.updated_at := now();
    if tg_op = 'INSERT' then
      new.created_at := now();
      new.granted_at := now();
      new.last_used_at := null;
      new.revoked_at := case when new.revoked_at is not null then now() end;
    else
      new.created_at := old.created_at;
      new.last_used_at := old.last_used_at;
      if old.revoked_at is null and new.revoked_at is not null then
        new.revoked_at := now(); -- the server's clock decides when access ended
        new.granted_at := old.granted_at;
      elsif old.revoked_at is not null and new.revoked_at is not null then
        new.revoked_at := old.revoked_at;
        new.granted_at := old.granted_at;
      elsif old.revoked_at is not null then
        new.granted_at := now(); -- granted again
      else
        new.granted_at := old.granted_at;
      end if;
    end if;
  end if;
  _live := new.revoked_at is null and not new._deleted;
  select r.name, r.scopes into _app from private.app_registration(new.client_id) r;
  new.app_name := coalesce(_app.name, case when tg_op = 'UPDATE' then old.app_name end, '');
  -- Checked when a grant becomes live or widens; a revocation always goes through.
  if _live and (tg_op = 'INSERT' or old.revoked_at is not null or old._deleted
                or new.scopes is distinct from old.scopes or new.role is distinct from old.role) then
    if _app.scopes is null then
      raise exception 'no active Bucket app has client_id %', new.client_id using errcode = '42501';
    end if;
    if not new.scopes <@ _app.scopes then
      raise exception 'scope % is not registered by this app',
        (select string_agg(s, ', ') from unnest(new.scopes) s where s <> all (_app.scopes))
        using errcode = '42501';
    end if;
    if not public.holds_role(new.user_id, new.role) then
      raise exception 'you hold no % MediaID to grant', new.role using errcode = '42501';
    end if;
  end if;
  return new;
end
$function$;
