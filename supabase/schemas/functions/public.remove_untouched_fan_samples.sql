CREATE OR REPLACE FUNCTION public.remove_untouched_fan_samples()
 RETURNS TABLE(subscriptions integer, claims integer, calendar_days integer, drops integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _subscriptions integer;
  _claims integer;
  _calendar integer;
  _drops integer;
begin
  update public.subscriptions s set _deleted = true, updated_at = now()
    where s.artist_id = 'bti' and s.tier = 'tier3' and s.price = 8 and not s._deleted;
  get diagnostics _subscriptions = row_count;

  update public.reward_claims c set _deleted = true, updated_at = now()
    from auth.users u
    where u.id = c.fan_id and not c._deleted and c.day between 1 and 5
      and c.claimed_at < u.created_at and not (c.reacted or c.saved or c.shared);
  get diagnostics _claims = row_count;

  update public.daily_rewards r set _deleted = true, updated_at = now()
    where not r._deleted and r.source = 'sample'
      and not exists (select 1 from public.reward_claims c where c.fan_id = r.fan_id and not c._deleted);
  get diagnostics _calendar = row_count;

  update public.locker_items i set _deleted = true, updated_at = now()
    where not i._deleted and i.fan_id is not null
      and i.id in (select i.fan_id::text || '|' || k from unnest(array['drop-static-bloom', 'drop-cathedral-fog',
        'drop-neon-merch-code', 'drop-paper-lungs-event', 'drop-rust-belt-demo', 'drop-shibuya-visual']) k)
      and not exists (select 1 from public.locker_interactions x where x.item_id = i.id and x.fan_id = i.fan_id)
      and not exists (select 1 from public.locker_comments m where m.item_id = i.id and m.fan_id = i.fan_id);
  get diagnostics _drops = row_count;

  return query select _subscriptions, _claims, _calendar, _drops;
end
$function$;
