CREATE OR REPLACE FUNCTION private.campaign_reaches_fan(c public.brand_campaigns, p_fan uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  -- Whom a campaign is for, in this one place: a fan other than the brand who matches its genres
  -- (their MediaID's or a followed artist's) and its followers filter, or who follows an artist
  -- delivering it through an accepted collaboration. Consent (brand offers) is checked by the
  -- callers: campaign_for_day per day, the calendar job's walk before it. PL/pgSQL: its queries'
  -- plans are kept for the session (the walk asks this for every consenting fan).
  return c.brand_id <> p_fan
    and (((cardinality(c.genres) = 0
           or exists (select 1 from public.media_ids m where m.user_uuid = p_fan and m.role = 'fan'
                      and not m._deleted and m.genre_preferences && c.genres)
           or exists (select 1 from public.subscriptions s join public.artist_profiles a on a.artist_id::text = s.artist_id
                      where s.fan_id = p_fan and not s._deleted and a.genres && c.genres))
          and (c.min_followers = 0
           or exists (select 1 from public.subscriptions s
                      join public.artist_directory_counts d on d.artist_id::text = s.artist_id
                      where s.fan_id = p_fan and not s._deleted and d.followers >= c.min_followers)))
         or exists (select 1 from public.collab_campaigns l join public.subscriptions s on s.artist_id = l.artist_id::text
                    where l.campaign_id = c.id and s.fan_id = p_fan and not s._deleted));
end
$function$;
