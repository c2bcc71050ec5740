CREATE OR REPLACE FUNCTION private.reward_for_day(p_fan uuid, p_day integer, p_date date)
 RETURNS TABLE(offer_id uuid, kind text, title text, description text, artist_name text, followed boolean, file_type text, quantity integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- PL/pgSQL, not SQL: a SQL function with a SET clause is never inlined and its query is planned
  -- again on every call; here the plan is kept for the session. A calendar fill asks this for each
  -- of 30 days per fan, and planning was nearly all of a fill's time.
  return query
    select o.id, o.kind, o.title, o.description,
      coalesce(nullif(btrim(p.display_name), ''), 'An artist'), s.id is not null, c.file_type, o.quantity
    from public.reward_offers o
    left join public.profiles p on p.id = o.artist_id
    left join public.content_items c on c.id = o.content_id and not c._deleted
    left join public.subscriptions s
      on s.fan_id = p_fan and s.artist_id = o.artist_id::text and not s._deleted
    where not o._deleted and p_date between o.starts_on and o.ends_on
      and o.artist_id <> p_fan
      and (o.quantity is null or o.claimed_count < o.quantity)
      and ((s.id is not null and s.fan_tier >= o.tier_required) or o.platform_pool)
      and not exists (select 1 from public.daily_rewards r
                      where r.fan_id = p_fan and r.offer_id = o.id and r.day <> p_day and not r._deleted)
      and not exists (select 1 from private.reward_offer_claims x where x.offer_id = o.id and x.fan_id = p_fan)
    order by (s.id is null), o.starts_on, o.created_at, o.id
    limit 1;
end
$function$;
