CREATE OR REPLACE FUNCTION private.directory_on_follow()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- Only the canonical uuid text counts: sample rows name 'bti', …, and the entitlement rule
  -- compares the same text.
  _uuid constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  _was uuid;
  _now uuid;
begin
  if tg_op <> 'INSERT' and not old._deleted and old.artist_id ~ _uuid then
    _was := old.artist_id::uuid;
  end if;
  if tg_op <> 'DELETE' and not new._deleted and new.artist_id ~ _uuid then
    _now := new.artist_id::uuid;
  end if;
  if _was is not distinct from _now then
    return null;
  end if;
  if _was is not null then
    update public.artist_directory_counts d set followers = d.followers - 1, updated_at = now()
    where d.artist_id = _was;
    if tg_op <> 'DELETE' then
      perform private.directory_fold(_was);
    end if;
  end if;
  if _now is not null then
    insert into public.artist_directory_counts as d (artist_id, name, followers)
    select _now, private.directory_name(_now), 1
    where exists (select 1 from auth.users u where u.id = _now)
    on conflict (artist_id) do update set followers = d.followers + 1, updated_at = now();
    perform private.directory_fold(_now);
  end if;
  return null;
end
$function$;
