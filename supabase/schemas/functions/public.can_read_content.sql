CREATE OR REPLACE FUNCTION public.can_read_content(c public.content_items)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select c.artist_id = (select auth.uid())
      or ((select auth.uid()) is not null
          and c.file_verified
          and (c.is_public or (c.unlock_date is not null and c.unlock_date <= now()))
          and public.my_tier_for_artist(c.artist_id::text)
              >= public.content_tier_rank(c.subscription_tier_required))
$function$;
