CREATE OR REPLACE FUNCTION public.profiles_name_not_email()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _email text;
begin
  if new.display_name is null or (tg_op = 'UPDATE' and new.display_name is not distinct from old.display_name) then
    return new;
  end if;
  select u.email into _email from auth.users u where u.id = new.id;
  if new.display_name ~ '[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+'
     or (_email is not null and (strpos(lower(new.display_name), lower(_email)) > 0
         or lower(btrim(new.display_name)) = lower(split_part(_email, '@', 1)))) then
    raise exception 'Your artist name cannot be your e-mail address' using errcode = '23514';
  end if;
  return new;
end
$function$;
