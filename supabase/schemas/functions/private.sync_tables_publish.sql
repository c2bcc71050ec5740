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
