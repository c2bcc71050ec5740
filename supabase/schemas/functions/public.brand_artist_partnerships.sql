CREATE OR REPLACE FUNCTION public.brand_artist_partnerships()
 RETURNS TABLE(artist_id uuid, artist_name text, genre text, campaigns integer, reach integer, spend_cents bigint, redemptions integer, revenue_cents bigint, roi numeric)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _me uuid := (select auth.uid());
begin
  perform private.refuse_app_token();
  if not public.holds_role(_me, 'brand') then
    return;
  end if;
  return query
    with links as (
      select l.artist_id, array_agg(l.campaign_id) ids from public.collab_campaigns l
      where l.brand_id = _me group by l.artist_id),
    figures as (
      select k.artist_id, cardinality(k.ids) campaigns,
        (select count(distinct x.fan_id) from private.campaign_claims x where x.campaign_id = any (k.ids)) fans,
        (select coalesce(sum(e.amount_cents), 0) from public.collab_earnings e
          where e.brand_id = _me and e.artist_id = k.artist_id) spend,
        (select count(*) from private.campaign_redemptions d where d.campaign_id = any (k.ids)) redeemed,
        (select sum(d.amount_cents) from private.campaign_redemptions d where d.campaign_id = any (k.ids)) revenue
      from links k),
    shown as (
      select f.artist_id, f.campaigns, case when f.fans >= private.min_group_size() then f.fans end reach, f.spend,
        case when f.redeemed >= private.min_group_size() then f.redeemed end redemptions,
        case when f.redeemed >= private.min_group_size() then f.revenue end revenue
      from figures f)
    select s.artist_id, private.artist_public_name(s.artist_id),
      (select a.genres[1] from public.artist_profiles a where a.artist_id = s.artist_id),
      s.campaigns::integer, s.reach::integer, s.spend::bigint, s.redemptions::integer, s.revenue::bigint,
      case when s.spend > 0 and s.revenue is not null then round(s.revenue::numeric / s.spend, 2) end
    from shown s
    order by s.spend desc, 2, s.artist_id;
end
$function$;
