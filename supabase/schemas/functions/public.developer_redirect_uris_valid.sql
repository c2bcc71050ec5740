CREATE OR REPLACE FUNCTION public.developer_redirect_uris_valid(p_uris text[])
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(cardinality(p_uris), 0) between 1 and 10
    and not exists (
      select 1 from unnest(p_uris) u
      where u is null
         or char_length(u) > 2048
         or u ~ '[[:space:][:cntrl:],#]'
         or not (u ~ '^https://[^/?@]+([/?].*)?$'
              or u ~ '^http://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?([/?].*)?$')
    )
$function$;
