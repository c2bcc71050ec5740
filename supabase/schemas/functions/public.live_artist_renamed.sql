CREATE OR REPLACE FUNCTION public.live_artist_renamed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _artist uuid;
begin
  for _artist in
    select n.id from new_rows n join old_rows o on o.id = n.id
    where n.display_name is distinct from o.display_name
      and exists (select 1 from public.content_previews p where p.artist_id = n.id)
  loop
    perform public.live_send('artist:' || _artist::text, '["followed_content"]');
  end loop;
  return null;
end
$function$;
