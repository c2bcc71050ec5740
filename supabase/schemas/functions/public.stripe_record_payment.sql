CREATE OR REPLACE FUNCTION public.stripe_record_payment(p_charge_id text, p_invoice_id text, p_subscription_id text, p_fan uuid, p_artist uuid, p_level integer, p_amount integer, p_fee integer, p_currency text, p_paid_at timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.stripe_payments (charge_id, invoice_id, subscription_id, fan_id, artist_id, level, amount, fee,
      currency, paid_at)
    values (p_charge_id, p_invoice_id, p_subscription_id, p_fan, p_artist, p_level, p_amount, p_fee, p_currency, p_paid_at)
    on conflict do nothing;
  return case when found then 'recorded' else 'duplicate' end;
end
$function$;
