create policy engagement_insert_self on public.media_engagement_log as permissive for insert to authenticated
  with check ((user_id = auth.uid()));

create policy engagement_select_own on public.media_engagement_log as permissive for select to authenticated
  using ((user_id = auth.uid()));

create policy no_app_tokens on public.media_engagement_log as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
