create policy developer_apps_select_own on public.developer_apps as permissive for select to authenticated
  using ((owner_id = auth.uid()));

create policy developer_apps_update_own on public.developer_apps as permissive for update to authenticated
  using ((owner_id = auth.uid()))
  with check ((owner_id = auth.uid()));

create policy no_app_tokens on public.developer_apps as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
