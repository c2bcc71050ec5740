create policy artist_profiles_read on public.artist_profiles as permissive for select to authenticated
  using (((artist_id = ( SELECT auth.uid() AS uid)) OR (EXISTS ( SELECT 1
   FROM public.artist_directory_counts d
  WHERE ((d.artist_id = artist_profiles.artist_id) AND d.listed)))));

create policy no_app_tokens on public.artist_profiles as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
