create policy no_app_tokens on public.webhook_outbox as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));

create policy webhook_outbox_select_owner on public.webhook_outbox as permissive for select to authenticated
  using ((EXISTS ( SELECT 1
   FROM public.developer_webhooks w
  WHERE ((w.id = webhook_outbox.webhook_id) AND (w.owner_id = ( SELECT auth.uid() AS uid))))));
