CREATE OR REPLACE FUNCTION private.collab_deliver_campaign_body(p_offer uuid, p_campaign uuid)
 RETURNS public.collab_campaigns
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _me uuid := (select auth.uid());
  _offer public.collab_offers;
  _c public.brand_campaigns;
  _link public.collab_campaigns;
begin
  perform private.refuse_app_token();
  select * into _offer from public.collab_offers o where o.id = p_offer for update;
  if not found or _me is null or _me not in (_offer.artist_id, _offer.brand_id) then
    raise exception 'No such collaboration' using errcode = 'P0002';
  end if;
  if _me <> _offer.brand_id then
    raise exception 'Only the brand delivers its campaign codes' using errcode = '42501';
  end if;
  if _offer.status <> 'accepted' then
    raise exception 'Only an accepted collaboration delivers codes (this one is %)', _offer.status using errcode = '55000';
  end if;
  select * into _c from public.brand_campaigns c where c.id = p_campaign and c.brand_id = _me for update;
  if not found then
    raise exception 'No such campaign' using errcode = 'P0002';
  end if;
  select * into _link from public.collab_campaigns l where l.campaign_id = p_campaign;
  if found then
    if _link.offer_id = p_offer then
      return _link; -- delivered already: nothing changes, nothing accrues again
    end if;
    raise exception 'This campaign already delivers codes through another collaboration' using errcode = '23505';
  end if;
  if _c.ends_on < current_date then
    raise exception 'This campaign has ended: it delivers no more codes' using errcode = '22023';
  end if;
  insert into public.collab_campaigns (campaign_id, offer_id, artist_id, brand_id, campaign_title, payout_model)
    values (_c.id, _offer.id, _offer.artist_id, _offer.brand_id, _c.title, _c.payout_model)
    returning * into _link;
  if _c.flat_fee_cents > 0 then
    -- already in the campaign's spent_cents since launch: the artist's flat fee, once
    insert into public.collab_earnings (offer_id, campaign_id, artist_id, brand_id, amount_cents, reason)
      values (_offer.id, _c.id, _offer.artist_id, _offer.brand_id, _c.flat_fee_cents, 'flat_fee')
      on conflict do nothing;
  end if;
  -- The artist's consenting followers get the campaign on their calendars through the calendar jobs.
  perform private.queue_calendar_job('collab', _offer.artist_id);
  return _link;
end
$function$;
