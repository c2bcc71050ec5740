create policy collab_campaigns_parties on public.collab_campaigns as permissive for select to authenticated
  using (((( SELECT auth.uid() AS uid) = artist_id) OR (( SELECT auth.uid() AS uid) = brand_id)));

create policy no_app_tokens on public.collab_campaigns as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
