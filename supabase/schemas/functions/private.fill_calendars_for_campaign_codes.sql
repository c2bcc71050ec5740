CREATE OR REPLACE FUNCTION private.fill_calendars_for_campaign_codes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _fan uuid;
begin
  for _fan in select m.user_uuid from public.media_ids m
      where m.role = 'fan' and m.is_active and not m._deleted
        and coalesce((m.privacy_settings ->> 'marketing_communications')::boolean, false)
        and exists (select 1 from new_codes n join public.brand_campaigns c on c.id = n.campaign_id
                    where c.starts_on <= current_date + 29 and c.brand_id <> m.user_uuid)
      order by m.user_uuid loop
    perform private.fill_reward_calendar(_fan);
  end loop;
  return null;
end
$function$;
