-- Live sync over Broadcast from the database (issue 28, deliverable 2).
-- Why: `postgres_changes` checks every change against every subscriber's RLS on Realtime's one
-- thread (Supabase's "Subscribing to Database Changes" calls it the option that does not scale).
-- Instead, statement-level triggers send a small "changed" message naming the collections to
-- pull to private topics, and devices join those topics as RLS on realtime.messages allows.
-- Topics:
--   user:<uuid>    the owner of a changed row: profiles.id, media_ids.user_uuid,
--                  content_items.artist_id, developer_apps.owner_id, fan_id of the fan tables;
--                  a follow, unfollow or tier change (subscriptions) also names followed_content.
--   artist:<uuid>  the artist's content changed (or their public name): followers pull
--                  followed_content. One message per artist, whatever the number of followers.
--   everyone       a locker drop without a fan (locker_items.fan_id null) is every fan's.
-- Invariants:
--   * a message is `changed` with payload {"collections": [...]} only: no row data, so rows
--     still come only through the pull and its RLS;
--   * one message per topic per statement (transition tables), and within a transaction at
--     most one per topic and payload (sync_push writes row by row), for the first few hundred
--     topics of a transaction; a rolled-back statement sends nothing;
--   * join (SELECT): user:<own id>, everyone, artist:<x> for a live follow of x or x itself;
--     send (INSERT): nobody — there is no INSERT or UPDATE policy, only these triggers send;
--     a token with a `client_id` claim (a third-party app's) can do neither (restrictive fence);
--   * the policy is cheap: the topic and claims are evaluated once per query (initplans), the
--     follow check is one probe of subscriptions' (fan_id, artist_id) unique index;
--   * trigger functions are security definer (the caller has no INSERT policy on
--     realtime.messages) with search_path '', and no API role may execute them.

-- ------------------------------------------------------------------ who may listen
create policy live_no_app_tokens on realtime.messages as restrictive for all to anon, authenticated
  using ((select auth.jwt() ->> 'client_id') is null)
  with check ((select auth.jwt() ->> 'client_id') is null);

create policy live_topics_read on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (
      (select realtime.topic()) = 'user:' || (select auth.uid())::text
      or (select realtime.topic()) = 'everyone'
      or ((select realtime.topic()) like 'artist:%'
          and ((select substr(realtime.topic(), 8)) = (select auth.uid())::text
               or (select exists (
                 select 1 from public.subscriptions s
                 where s.fan_id = (select auth.uid())
                   and s.artist_id = substr(realtime.topic(), 8)
                   and not s._deleted))))
    )
  );

-- ------------------------------------------------------------------ sending
-- One message per topic and payload per transaction: the topics already told are kept in a
-- transaction-local setting (reverted with a rolled-back subtransaction, like the message).
create function public.live_send(p_topic text, p_collections jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  _key text := E'\n' || p_topic || ' ' || p_collections::text || E'\n';
  _sent text := coalesce(current_setting('bucket.live_sent', true), '');
begin
  if strpos(_sent, _key) > 0 then
    return;
  end if;
  perform realtime.send(jsonb_build_object('collections', p_collections), 'changed', p_topic, true);
  -- bounded: past this, a huge transaction's later statements only dedupe within themselves
  if length(_sent) < 32768 then
    perform set_config('bucket.live_sent', _sent || _key, true);
  end if;
end
$$;

-- Statement-level: tg_argv holds triples (topic prefix, owner column, collections as a JSON
-- array); each distinct owner of the statement's rows (old and new for an update) is told
-- once; a row without an owner (a drop for every fan) goes to `everyone`.
create function public.live_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _parts text[] := '{}';
  _rel text;
  _i integer;
  _msg record;
begin
  for _i in 0 .. tg_nargs / 3 - 1 loop
    foreach _rel in array case when tg_op = 'UPDATE' then array['new_rows', 'old_rows'] else array['new_rows'] end loop
      _parts := _parts || format('select coalesce(%L || %I::text, %L) as topic, %L::jsonb as collections from %I',
        tg_argv[3 * _i], tg_argv[3 * _i + 1], 'everyone', tg_argv[3 * _i + 2], _rel);
    end loop;
  end loop;
  for _msg in execute 'select distinct topic, collections from (' || array_to_string(_parts, ' union all ') || ') m' loop
    perform public.live_send(_msg.topic, _msg.collections);
  end loop;
  return null;
end
$$;

-- A rename reaches the artist's followers (followed_content shows the artist's name).
create function public.live_artist_renamed() returns trigger
language plpgsql security definer set search_path = '' as $$
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
$$;

revoke all on function public.live_send(text, jsonb), public.live_changed(), public.live_artist_renamed()
  from public, anon, authenticated;

-- ------------------------------------------------------------------ triggers (one pair per pulled table)
do $$
declare
  _t record;
begin
  for _t in select * from (values
    ('profiles', array['user:', 'id', '["profiles"]']),
    ('media_ids', array['user:', 'user_uuid', '["media_ids"]']),
    ('content_items', array['user:', 'artist_id', '["content_items"]', 'artist:', 'artist_id', '["followed_content"]']),
    ('locker_items', array['user:', 'fan_id', '["locker_items"]']),
    ('locker_interactions', array['user:', 'fan_id', '["locker_interactions"]']),
    ('locker_comments', array['user:', 'fan_id', '["locker_comments"]']),
    ('subscriptions', array['user:', 'fan_id', '["subscriptions", "followed_content"]']),
    ('daily_rewards', array['user:', 'fan_id', '["daily_rewards"]']),
    ('reward_claims', array['user:', 'fan_id', '["reward_claims"]']),
    ('developer_apps', array['user:', 'owner_id', '["developer_apps"]'])
  ) as v(tbl, args) loop
    execute format('create trigger live_changed_insert after insert on public.%I referencing new table as new_rows '
      'for each statement execute function public.live_changed(%s)',
      _t.tbl, (select string_agg(quote_literal(a), ', ') from unnest(_t.args) a));
    execute format('create trigger live_changed_update after update on public.%I '
      'referencing old table as old_rows new table as new_rows '
      'for each statement execute function public.live_changed(%s)',
      _t.tbl, (select string_agg(quote_literal(a), ', ') from unnest(_t.args) a));
  end loop;
end $$;

create trigger live_artist_renamed after update on public.profiles
  referencing old table as old_rows new table as new_rows
  for each statement execute function public.live_artist_renamed();
