create policy developer_webhooks_insert_own_app on public.developer_webhooks as permissive for insert to authenticated
  with check (((owner_id = ( SELECT auth.uid() AS uid)) AND (EXISTS ( SELECT 1
   FROM public.developer_apps a
  WHERE ((a.client_id = developer_webhooks.client_id) AND (a.owner_id = ( SELECT auth.uid() AS uid)))))));

create policy developer_webhooks_select_own on public.developer_webhooks as permissive for select to authenticated
  using ((owner_id = ( SELECT auth.uid() AS uid)));

create policy developer_webhooks_update_own on public.developer_webhooks as permissive for update to authenticated
  using ((owner_id = ( SELECT auth.uid() AS uid)))
  with check ((owner_id = ( SELECT auth.uid() AS uid)));

create policy no_app_tokens on public.developer_webhooks as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
