create policy mediaid_access_log_select_own on public.mediaid_access_log as permissive for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy no_app_tokens on public.mediaid_access_log as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
