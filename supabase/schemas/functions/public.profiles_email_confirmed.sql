CREATE OR REPLACE FUNCTION public.profiles_email_confirmed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.profiles p set email_verified = (new.email_confirmed_at is not null)
    where p.id = new.id and p.email_verified is distinct from (new.email_confirmed_at is not null);
  return null;
end
$function$;
