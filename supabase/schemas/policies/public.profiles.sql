create policy no_app_tokens on public.profiles as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));

create policy profiles_insert_own on public.profiles as permissive for insert to authenticated
  with check ((id = auth.uid()));

create policy profiles_select_own on public.profiles as permissive for select to authenticated
  using ((id = auth.uid()));

create policy profiles_update_own on public.profiles as permissive for update to authenticated
  using ((id = auth.uid()))
  with check ((id = auth.uid()));
