CREATE OR REPLACE FUNCTION public.collab_send(p_to uuid, p_title text, p_narrative text, p_timeline text, p_reach text, p_deliverables text, p_budget integer)
 RETURNS public.collab_offers
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _me uuid := (select auth.uid());
  _row public.collab_offers;
  _artist uuid;
  _brand uuid;
  _kind text;
begin
  perform private.refuse_app_token();
  if _me is null then
    raise exception 'Sign in to send a proposal' using errcode = '42501';
  end if;
  if p_to is not null and p_to <> _me and public.holds_role(_me, 'artist') and public.holds_role(p_to, 'brand') then
    _kind := 'artist_to_brand'; _artist := _me; _brand := p_to;
  elsif p_to is not null and p_to <> _me and public.holds_role(_me, 'brand') and public.holds_role(p_to, 'artist') then
    _kind := 'brand_to_artist'; _artist := p_to; _brand := _me;
  else
    raise exception 'A proposal goes from an artist to a brand, or from a brand to an artist' using errcode = '22023';
  end if;
  if (select count(*) from public.collab_offers o
      where o.status in ('pending', 'countered')
        and case o.kind when 'artist_to_brand' then o.artist_id else o.brand_id end = _me) >= 50 then
    raise exception 'You have 50 open proposals: wait for answers or withdraw some first' using errcode = '54000';
  end if;
  insert into public.collab_offers (kind, artist_id, brand_id, artist_name, brand_name, title, narrative, timeline,
    reach, deliverables, budget, awaiting)
  values (_kind, _artist, _brand, private.artist_public_name(_artist), private.brand_public_name(_brand),
    btrim(coalesce(p_title, '')), coalesce(p_narrative, ''), p_timeline, coalesce(p_reach, ''),
    coalesce(p_deliverables, ''), p_budget, p_to)
  returning * into _row;
  return _row;
end
$function$;
