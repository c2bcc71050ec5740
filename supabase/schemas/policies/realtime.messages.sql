create policy live_no_app_tokens on realtime.messages as restrictive for all to anon, authenticated
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));

create policy live_topics_read on realtime.messages as permissive for select to authenticated
  using (((extension = 'broadcast'::text) AND ((( SELECT realtime.topic() AS topic) = ('user:'::text || (( SELECT auth.uid() AS uid))::text)) OR (( SELECT realtime.topic() AS topic) = ('everyone:'::text || (( SELECT private.live_shard(auth.uid()) AS live_shard))::text)) OR (( SELECT realtime.topic() AS topic) = 'everyone'::text) OR ((( SELECT realtime.topic() AS topic) ~ '^artist:[^:]+(:[0-9]+)?$'::text) AND (( SELECT split_part(realtime.topic(), ':'::text, 3) AS split_part) = ANY (ARRAY[''::text, (( SELECT private.live_shard(auth.uid()) AS live_shard))::text])) AND ( SELECT (EXISTS ( SELECT 1
           FROM public.subscriptions s
          WHERE ((s.fan_id = ( SELECT auth.uid() AS uid)) AND (s.artist_id = split_part(realtime.topic(), ':'::text, 2)) AND (NOT s._deleted)))) AS "exists")))));
