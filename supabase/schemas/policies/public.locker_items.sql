create policy locker_items_read on public.locker_items as permissive for select to authenticated
  using (((fan_id IS NULL) OR (fan_id = auth.uid())));

create policy no_app_tokens on public.locker_items as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
