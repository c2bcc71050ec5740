create policy content_previews_read on public.content_previews as permissive for select to authenticated
  using (true);

create policy no_app_tokens on public.content_previews as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
