-- The realtime publication derives from sync's registry (issue 43: one source of truth per rule).
--
-- 20261122300000_realtime_publication added the replicated tables to `supabase_realtime` from a
-- list of its own, beside public.sync_tables (the registry sync_push and sync_pull read, see
-- 20261130200000). Now the registry is the one list: every table it marks pull is in the
-- publication, kept so by a trigger on the registry, so a migration that adds a collection's row
-- publishes its table without naming it twice (tests/integration/backend/realtime-publication.test.ts
-- checks both directions, on the local backend and on the hosted stand-in).
-- Invariants: idempotent; a pulled view (followed_content) is skipped, having no changes of its own;
-- a FOR ALL TABLES publication is left alone; a row leaving the pulled collections takes its table
-- out of the publication. Tables published for a feature of their own (collab_offers, no sync
-- columns) are not the registry's and are left as they are.
-- Ownership: ALTER PUBLICATION needs the publication's owner. Like 20261122300000, this assumes the
-- migrating role (postgres, on hosted) may alter supabase_realtime; both functions are SECURITY
-- DEFINER owned by it, so a registry row written by service_role publishes the same way. Neither is
-- granted to the API roles (a trigger needs no EXECUTE grant to fire).

-- new: function private.sync_publication_ensure() (supabase/schemas/functions/private.sync_publication_ensure.sql)
CREATE OR REPLACE FUNCTION private.sync_publication_ensure()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  _table text;
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if (select puballtables from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    return; -- every table is published already, and a FOR ALL TABLES publication takes no ADD
  end if;
  -- tables only: a pulled view (followed_content) has no changes of its own to stream
  for _table in
    select s.name from public.sync_tables s
      join pg_catalog.pg_class c on c.relname = s.name and c.relkind in ('r', 'p')
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
     where s.pull
       and not exists (select 1 from pg_catalog.pg_publication_tables p
                        where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = s.name)
     order by s.name
  loop
    execute format('alter publication supabase_realtime add table public.%I', _table);
  end loop;
end
$function$;

comment on function private.sync_publication_ensure() is 'Adds every table the registry (public.sync_tables) marks pull to the supabase_realtime publication; idempotent (see 20261130600000).';

-- new: function private.sync_tables_publish() (supabase/schemas/functions/private.sync_tables_publish.sql)
CREATE OR REPLACE FUNCTION private.sync_tables_publish()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- a table leaving the pulled collections leaves the publication with it
  if tg_op in ('UPDATE', 'DELETE') and old.pull
     and (tg_op = 'DELETE' or not new.pull or new.name <> old.name)
     and exists (select 1 from pg_catalog.pg_publication_tables p
                  where p.pubname = 'supabase_realtime' and p.schemaname = 'public' and p.tablename = old.name)
     and not (select puballtables from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    execute format('alter publication supabase_realtime drop table public.%I', old.name);
  end if;
  perform private.sync_publication_ensure();
  return null;
end
$function$;

comment on function private.sync_tables_publish() is 'Trigger on public.sync_tables: keeps the supabase_realtime publication derived from the registry (see 20261130600000).';

revoke all on function private.sync_publication_ensure() from public, anon, authenticated, service_role;
revoke all on function private.sync_tables_publish() from public, anon, authenticated, service_role;

create trigger sync_tables_publish after insert or update of name, pull or delete on public.sync_tables
  for each row execute function private.sync_tables_publish();

select private.sync_publication_ensure();
