create policy no_app_tokens on public.sync_tables as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));

create policy sync_tables_read on public.sync_tables as permissive for select to authenticated
  using (true);
