create policy content_insert_artist on public.content_items as permissive for insert to authenticated
  with check (((artist_id = auth.uid()) AND public.holds_role(auth.uid(), 'artist'::text)));

create policy content_select_readable on public.content_items as permissive for select to authenticated
  using (public.can_read_content(content_items.*));

create policy content_update_own on public.content_items as permissive for update to authenticated
  using ((artist_id = auth.uid()))
  with check ((artist_id = auth.uid()));

create policy no_app_tokens on public.content_items as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
