CREATE OR REPLACE FUNCTION public.artist_tiers_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.id := new.artist_id::text || '|' || new.level::text;
  new.updated_at := now();
  if tg_op = 'UPDATE' and (new.artist_id is distinct from old.artist_id or new.level is distinct from old.level) then
    raise exception 'a tier cannot move to another artist or level' using errcode = '42501';
  end if;
  if public.is_api_caller() then
    if tg_op = 'INSERT' then
      new.stripe_product_id := null;
      new.stripe_price_id := null;
      new.created_at := now();
    else
      new.stripe_product_id := old.stripe_product_id;
      new.stripe_price_id := old.stripe_price_id;
      new.created_at := old.created_at;
    end if;
  end if;
  if tg_op = 'UPDATE' and new.price is distinct from old.price then
    new.stripe_price_id := null;
  end if;
  if array_position(array(select char_length(btrim(b)) between 1 and 120 from unnest(new.benefits) b), false) is not null then
    raise exception 'each benefit is 1 to 120 characters' using errcode = '23514';
  end if;
  return new;
end
$function$;
