create policy mediaid_grants_insert_own on public.mediaid_grants as permissive for insert to authenticated
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy mediaid_grants_select_own on public.mediaid_grants as permissive for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy mediaid_grants_update_own on public.mediaid_grants as permissive for update to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)))
  with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy no_app_tokens on public.mediaid_grants as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
