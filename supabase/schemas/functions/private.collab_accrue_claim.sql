CREATE OR REPLACE FUNCTION private.collab_accrue_claim()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into public.collab_earnings (offer_id, campaign_id, artist_id, brand_id, amount_cents, reason)
    select l.offer_id, l.campaign_id, l.artist_id, l.brand_id, c.payout_per_code_cents, 'code_claimed'
    from public.collab_campaigns l
    join public.brand_campaigns c on c.id = l.campaign_id
    where l.campaign_id = new.campaign_id and c.payout_per_code_cents > 0
      and exists (select 1 from public.subscriptions s
                  where s.fan_id = new.fan_id and s.artist_id = l.artist_id::text and not s._deleted);
  return null;
end
$function$;
