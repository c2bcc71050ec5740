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
