CREATE OR REPLACE FUNCTION private.directory_on_play()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _item uuid;
  _artist uuid;
  _counted boolean;
begin
  -- The rule is evaluated for auth.uid(), so only a fan's own statement about themselves counts.
  if new.event_type is distinct from 'track_played' or new._deleted
     or new.user_id is distinct from (select auth.uid())
     or coalesce(new.metadata ->> 'content_id', '')
        !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return null;
  end if;
  _item := (new.metadata ->> 'content_id')::uuid;
  select c.artist_id into _artist from public.content_items c
  where c.id = _item and not c._deleted and c.artist_id <> new.user_id and public.can_read_content(c);
  if _artist is null then
    return null;
  end if;
  -- Window: 30 minutes, longer than a track or an album side replayed on repeat, so loops and
  -- retries count once, short enough that the same fan coming back later in the day counts
  -- again; one account adds at most 48 plays a day per item. Server time, not the device's
  -- created_at (which the client writes): plays pushed together after offline listening count
  -- once per item.
  insert into private.play_marks as m (fan_id, content_id, counted_at) values (new.user_id, _item, now())
  on conflict (fan_id, content_id) do update set counted_at = excluded.counted_at
    where m.counted_at <= excluded.counted_at - interval '30 minutes'
  returning true into _counted;
  if _counted then
    update public.artist_directory_counts d set plays = d.plays + 1, updated_at = now() where d.artist_id = _artist;
    perform private.directory_fold(_artist);
  end if;
  return null;
end
$function$;
