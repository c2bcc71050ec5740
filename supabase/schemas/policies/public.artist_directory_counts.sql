create policy artist_directory_counts_read on public.artist_directory_counts as permissive for select to authenticated
  using (listed);

create policy no_app_tokens on public.artist_directory_counts as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
