CREATE OR REPLACE FUNCTION private.brand_campaign_before_insert()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.starts_on < current_date then
    raise exception 'A campaign starts today or later' using errcode = '22023';
  end if;
  if (select count(*) from public.brand_campaigns c where c.brand_id = new.brand_id) >= 200 then
    raise exception 'A brand can run at most 200 campaigns' using errcode = '54000';
  end if;
  new.title := btrim(new.title);
  new.cultural_context := btrim(new.cultural_context);
  new.genres := coalesce((select array_agg(distinct g order by g) from unnest(new.genres) g), '{}');
  new.brand_name := private.brand_public_name(new.brand_id);
  new.code_count := 0;
  new.claimed_count := 0;
  new.spent_cents := new.flat_fee_cents; -- a flat fee is committed at launch
  new.created_at := now();
  return new;
end
$function$;
