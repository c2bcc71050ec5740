create policy brand_campaigns_launch on public.brand_campaigns as permissive for insert to authenticated
  with check (((brand_id = ( SELECT auth.uid() AS uid)) AND public.holds_role(( SELECT auth.uid() AS uid), 'brand'::text)));

create policy brand_campaigns_own on public.brand_campaigns as permissive for select to authenticated
  using ((brand_id = ( SELECT auth.uid() AS uid)));

create policy no_app_tokens on public.brand_campaigns as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
