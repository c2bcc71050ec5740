create policy artist_tiers_insert_own on public.artist_tiers as permissive for insert to authenticated
  with check (((artist_id = ( SELECT auth.uid() AS uid)) AND public.holds_role(( SELECT auth.uid() AS uid), 'artist'::text)));

create policy artist_tiers_read on public.artist_tiers as permissive for select to authenticated
  using (true);

create policy artist_tiers_update_own on public.artist_tiers as permissive for update to authenticated
  using ((artist_id = ( SELECT auth.uid() AS uid)))
  with check (((artist_id = ( SELECT auth.uid() AS uid)) AND public.holds_role(( SELECT auth.uid() AS uid), 'artist'::text)));

create policy no_app_tokens on public.artist_tiers as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
