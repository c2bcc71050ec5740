CREATE OR REPLACE FUNCTION public.profiles_email_verified()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    new.email_verified := coalesce(
      (select u.email_confirmed_at is not null from auth.users u where u.id = new.id), false);
  elsif coalesce((select auth.role()), '') in ('anon', 'authenticated') then
    new.email_verified := old.email_verified;
  end if;
  return new;
end
$function$;
