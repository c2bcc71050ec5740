CREATE OR REPLACE FUNCTION public.brand_campaign_analytics()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _me uuid := (select auth.uid());
  _ids uuid[];
begin
  perform private.refuse_app_token();
  if public.holds_role(_me, 'brand') then
    select coalesce(array_agg(c.id), '{}') into _ids from public.brand_campaigns c where c.brand_id = _me;
  else
    _ids := '{}';
  end if;
  return jsonb_build_object(
    'suppressed_under', private.min_group_size(),
    'overall', private.campaign_figures(_ids),
    'campaigns', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'title', c.title, 'starts_on', c.starts_on,
        'ends_on', c.ends_on) || private.campaign_figures(array[c.id]) order by c.created_at desc, c.id)
      from public.brand_campaigns c where c.id = any (_ids)), '[]'::jsonb));
end
$function$;
