create policy locker_comments_own on public.locker_comments as permissive for all to authenticated
  using ((fan_id = auth.uid()))
  with check (((fan_id = auth.uid()) AND public.can_engage_with(locker_item_id, content_id)));

create policy no_app_tokens on public.locker_comments as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
