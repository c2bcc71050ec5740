CREATE OR REPLACE FUNCTION private.daily_rewards_note_stopped_campaign()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- A day that carried a stopped campaign's code and now carries something else says what it
  -- replaced (the brand's public name and the campaign title the fan saw), whichever refill
  -- wrote it. Later rewrites keep the note: it tells the fan why that day's code went away.
  if exists (select 1 from public.brand_campaigns c where c.id = old.campaign_id and c.stopped_at is not null) then
    new.replaced_brand_name := old.brand_name;
    new.replaced_title := old.title;
  end if;
  return new;
end
$function$;
