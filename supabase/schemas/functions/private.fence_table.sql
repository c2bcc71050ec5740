CREATE OR REPLACE FUNCTION private.fence_table(p_table regclass)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  -- only when off: on hosted, platform tables (storage) are not the migrating role's to alter
  if not (select c.relrowsecurity from pg_class c where c.oid = p_table) then
    execute format('alter table %s enable row level security', p_table);
  end if;
  if not exists (select 1 from pg_policy p where p.polrelid = p_table and p.polname = 'no_app_tokens') then
    execute format('create policy no_app_tokens on %s as restrictive for all to public '
      'using ((select auth.jwt() ->> ''client_id'') is null) '
      'with check ((select auth.jwt() ->> ''client_id'') is null)', p_table);
  end if;
end
$function$;
