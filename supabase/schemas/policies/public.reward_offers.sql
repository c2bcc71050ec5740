create policy no_app_tokens on public.reward_offers as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));

create policy reward_offers_own on public.reward_offers as permissive for select to authenticated
  using ((artist_id = ( SELECT auth.uid() AS uid)));
