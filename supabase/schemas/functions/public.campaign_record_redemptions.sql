CREATE OR REPLACE FUNCTION public.campaign_record_redemptions(p_campaign uuid, p_rows jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _row jsonb;
  _i bigint;
  _at timestamptz;
  _total integer;
  _known integer;
  _recorded integer;
begin
  perform private.refuse_app_token();
  if not public.holds_role((select auth.uid()), 'brand')
     or not exists (select 1 from public.brand_campaigns c where c.id = p_campaign and c.brand_id = (select auth.uid())) then
    raise exception 'No such campaign of yours' using errcode = '42501';
  end if;
  if jsonb_typeof(p_rows) is distinct from 'array' then
    raise exception 'Send the redemptions as a list of rows (code, redeemed_at, amount_cents)' using errcode = '22023';
  end if;
  _total := jsonb_array_length(p_rows);
  if _total > 10000 then
    raise exception 'At most 10,000 redemptions at a time' using errcode = '54000';
  end if;
  -- every row checked before anything is stored, so a bad file stores nothing
  for _row, _i in select x, n from jsonb_array_elements(p_rows) with ordinality r(x, n) loop
    if jsonb_typeof(_row -> 'code') is distinct from 'string' or btrim(_row ->> 'code') = ''
       or char_length(_row ->> 'code') > 64 then
      raise exception 'Row %: a code is missing', _i using errcode = '22023';
    end if;
    begin
      _at := (_row ->> 'redeemed_at')::timestamptz;
    exception when others then
      _at := null;
    end;
    if _at is null or _at > now() + interval '1 day' or _at < '2020-01-01' then
      raise exception 'Row %: redeemed_at is not a date and time (like 2026-11-29T14:05:00Z) up to today', _i
        using errcode = '22023';
    end if;
    if _row ? 'amount_cents' and jsonb_typeof(_row -> 'amount_cents') <> 'null'
       and (jsonb_typeof(_row -> 'amount_cents') <> 'number' or (_row ->> 'amount_cents') !~ '^[0-9]{1,11}$') then
      raise exception 'Row %: amount_cents is a whole number of cents, 0 or more', _i using errcode = '22023';
    end if;
  end loop;

  with sent as (
    select btrim(x ->> 'code') code, (x ->> 'redeemed_at')::timestamptz redeemed_at, (x ->> 'amount_cents')::bigint amount, n
    from jsonb_array_elements(p_rows) with ordinality r(x, n)),
  known as (
    select k.id code_id, s.redeemed_at, s.amount, s.n
    from sent s
    join public.campaign_codes k on k.campaign_id = p_campaign and k.code = s.code
    where exists (select 1 from private.campaign_claims x where x.code_id = k.id)),
  added as (
    insert into private.campaign_redemptions (code_id, campaign_id, redeemed_at, amount_cents)
    select distinct on (code_id) code_id, p_campaign, redeemed_at, amount from known order by code_id, n
    on conflict (code_id) do nothing
    returning 1)
  select (select count(*) from known), (select count(*) from added) into _known, _recorded;
  return jsonb_build_object('recorded', _recorded, 'duplicates', _known - _recorded, 'unknown', _total - _known);
end
$function$;
