create policy no_app_tokens on public.reward_claims as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));

create policy reward_claims_own on public.reward_claims as permissive for all to authenticated
  using ((fan_id = auth.uid()))
  with check ((fan_id = auth.uid()));
