CREATE OR REPLACE FUNCTION public.stripe_record_refund(p_charge_id text, p_amount_refunded integer)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update private.stripe_payments set amount_refunded = greatest(amount_refunded, least(p_amount_refunded, amount))
    where charge_id = p_charge_id;
  return case when found then 'recorded' else 'unknown' end;
end
$function$;
