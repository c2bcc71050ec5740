create policy daily_rewards_read_own on public.daily_rewards as permissive for select to authenticated
  using ((fan_id = auth.uid()));

create policy no_app_tokens on public.daily_rewards as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
