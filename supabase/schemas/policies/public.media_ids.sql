create policy media_ids_insert_own on public.media_ids as permissive for insert to authenticated
  with check ((user_uuid = auth.uid()));

create policy media_ids_select_own on public.media_ids as permissive for select to authenticated
  using ((user_uuid = auth.uid()));

create policy media_ids_update_own on public.media_ids as permissive for update to authenticated
  using ((user_uuid = auth.uid()))
  with check ((user_uuid = auth.uid()));

create policy no_app_tokens on public.media_ids as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
