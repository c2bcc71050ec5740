CREATE OR REPLACE FUNCTION public.forbid_self_assigned_admin()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.role = 'admin'
     and (tg_op = 'INSERT' or old.role is distinct from 'admin')
     and (current_user in ('anon', 'authenticated')
          or coalesce(auth.role(), '') in ('anon', 'authenticated')) then
    raise exception 'only service_role can assign the admin role'
      using errcode = '42501';
  end if;
  return new;
end
$function$;
