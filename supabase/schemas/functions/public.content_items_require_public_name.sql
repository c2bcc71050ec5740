CREATE OR REPLACE FUNCTION public.content_items_require_public_name()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not public.is_api_caller() or new._deleted or not (new.is_public or new.unlock_date is not null) then
    return new;
  end if;
  if tg_op = 'UPDATE' and not old._deleted and (old.is_public or old.unlock_date is not null) then
    return new; -- already released (or scheduled): edits stay possible
  end if;
  if not exists (select 1 from public.profiles p
                 where p.id = new.artist_id and nullif(btrim(p.display_name), '') is not null) then
    raise exception 'Choose your artist name before publishing' using errcode = '23514',
      hint = 'Set a public name in your artist profile, then publish again.';
  end if;
  return new;
end
$function$;
