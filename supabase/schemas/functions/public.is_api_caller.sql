CREATE OR REPLACE FUNCTION public.is_api_caller()
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select current_user in ('anon', 'authenticated')
$function$;
