CREATE OR REPLACE FUNCTION private.collab_accrue_revenue_share()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _link public.collab_campaigns;
  _left bigint;
  _share bigint;
  _paid bigint;
begin
  if coalesce(new.amount_cents, 0) = 0 then
    return null;
  end if;
  select * into _link from public.collab_campaigns l where l.campaign_id = new.campaign_id;
  if not found or not exists (
      select 1 from private.campaign_claims x
      join public.subscriptions s on s.fan_id = x.fan_id and s.artist_id = _link.artist_id::text and not s._deleted
      where x.code_id = new.code_id) then
    return null;
  end if;
  select c.budget_cents - c.spent_cents, floor(new.amount_cents * c.revenue_share_pct / 100)::bigint
    into _left, _share
    from public.brand_campaigns c
    where c.id = new.campaign_id and c.payout_model = 'revenue_share'
    for no key update;
  _paid := least(_share, _left);
  if _paid is null or _paid <= 0 then
    return null; -- not a revenue share, a share under a cent, or the budget is spent
  end if;
  update public.brand_campaigns c set spent_cents = c.spent_cents + _paid where c.id = new.campaign_id;
  insert into public.collab_earnings (offer_id, campaign_id, artist_id, brand_id, amount_cents, reason)
    values (_link.offer_id, _link.campaign_id, _link.artist_id, _link.brand_id, _paid, 'revenue_share');
  return null;
end
$function$;
