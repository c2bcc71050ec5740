create policy campaign_codes_add on public.campaign_codes as permissive for insert to authenticated
  with check ((EXISTS ( SELECT 1
   FROM public.brand_campaigns c
  WHERE ((c.id = campaign_codes.campaign_id) AND (c.brand_id = ( SELECT auth.uid() AS uid))))));

create policy campaign_codes_own on public.campaign_codes as permissive for select to authenticated
  using ((EXISTS ( SELECT 1
   FROM public.brand_campaigns c
  WHERE ((c.id = campaign_codes.campaign_id) AND (c.brand_id = ( SELECT auth.uid() AS uid))))));

create policy no_app_tokens on public.campaign_codes as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
