CREATE OR REPLACE FUNCTION public.collab_respond(p_id uuid, p_action text, p_budget integer DEFAULT NULL::integer, p_note text DEFAULT ''::text)
 RETURNS public.collab_offers
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _me uuid := (select auth.uid());
  _row public.collab_offers;
  _sender uuid;
begin
  perform private.refuse_app_token();
  select * into _row from public.collab_offers o where o.id = p_id for update;
  if not found or _me is null or _me not in (_row.artist_id, _row.brand_id) then
    raise exception 'No such collaboration' using errcode = 'P0002';
  end if;
  if _row.status not in ('pending', 'countered') then
    raise exception 'This collaboration is already %', _row.status using errcode = '55000';
  end if;
  _sender := case _row.kind when 'artist_to_brand' then _row.artist_id else _row.brand_id end;
  if p_action = 'withdraw' then
    if _me <> _sender then
      raise exception 'Only the sender can withdraw a proposal' using errcode = '42501';
    end if;
    update public.collab_offers set status = 'withdrawn', awaiting = null, updated_at = now()
      where id = p_id returning * into _row;
    return _row;
  end if;
  if _row.awaiting is distinct from _me then
    raise exception 'The other side has not answered yet' using errcode = '55000';
  end if;
  if p_action in ('accept', 'decline') then
    update public.collab_offers
      set status = case p_action when 'accept' then 'accepted' else 'declined' end, awaiting = null, updated_at = now()
      where id = p_id returning * into _row;
  elsif p_action = 'counter' then
    if p_budget is null or p_budget not between 1 and 10000000 then
      raise exception 'A counter proposal names a budget between $1 and $10,000,000' using errcode = '22023';
    end if;
    update public.collab_offers
      set status = 'countered', budget = p_budget, note = left(coalesce(p_note, ''), 500),
          awaiting = case when _me = _row.artist_id then _row.brand_id else _row.artist_id end, updated_at = now()
      where id = p_id returning * into _row;
  else
    raise exception 'Unknown answer %: accept, decline, counter or withdraw', p_action using errcode = '22023';
  end if;
  return _row;
end
$function$;
