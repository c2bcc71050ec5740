CREATE OR REPLACE FUNCTION public.my_collab_earnings()
 RETURNS TABLE(offer_id uuid, total_cents bigint, code_claims integer, flat_fees integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.refuse_app_token();
  return query
    select e.offer_id, sum(e.amount_cents)::bigint, (count(*) filter (where e.reason = 'code_claimed'))::integer,
      (count(*) filter (where e.reason = 'flat_fee'))::integer
    from public.collab_earnings e
    where (select auth.uid()) in (e.artist_id, e.brand_id)
    group by e.offer_id;
end
$function$;
