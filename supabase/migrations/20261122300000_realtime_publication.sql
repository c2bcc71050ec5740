-- Live sync: the replicated tables join the `supabase_realtime` publication, so Supabase Realtime
-- (`postgres_changes`) streams their INSERT/UPDATE/DELETE to subscribed clients, filtered per
-- subscriber by the same RLS policies as a `select`.
-- Invariants: idempotent and order-free — creates the publication only when absent (hosted
-- projects already have an empty one), never re-adds a member (that is an error in Postgres),
-- and does nothing when the publication is FOR ALL TABLES. Only tables the engine pulls are
-- added (sync/collections.ts, `replication.pull`); the write-only engagement log is not.

do $$
declare
  _table text;
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if (select puballtables from pg_publication where pubname = 'supabase_realtime') then
    return;
  end if;
  foreach _table in array array[
    'profiles', 'media_ids', 'content_items', 'locker_items', 'locker_interactions', 'locker_comments',
    'subscriptions', 'daily_rewards', 'reward_claims', 'developer_apps'
  ] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = _table
    ) then
      execute format('alter publication supabase_realtime add table public.%I', _table);
    end if;
  end loop;
end $$;
