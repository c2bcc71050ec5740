create policy artist_pictures_select on storage.objects as permissive for select to authenticated
  using (((bucket_id = 'content'::text) AND (EXISTS ( SELECT 1
   FROM public.artist_profiles a
  WHERE ((a.picture_path = objects.name) AND ((storage.foldername(objects.name))[1] = (a.artist_id)::text))))));

create policy content_objects_delete_own_folder on storage.objects as permissive for delete to authenticated
  using (((bucket_id = 'content'::text) AND ((storage.foldername(name))[1] = (auth.uid())::text) AND (NOT private.content_object_pinned(name))));

create policy content_objects_insert_own_folder on storage.objects as permissive for insert to authenticated
  with check (((bucket_id = 'content'::text) AND ((storage.foldername(name))[1] = (auth.uid())::text) AND public.holds_role(auth.uid(), 'artist'::text)));

create policy content_objects_select on storage.objects as permissive for select to authenticated
  using (((bucket_id = 'content'::text) AND (((storage.foldername(name))[1] = (auth.uid())::text) OR public.can_read_object(bucket_id, name))));

create policy content_objects_update_own_folder on storage.objects as permissive for update to authenticated
  using (((bucket_id = 'content'::text) AND ((storage.foldername(name))[1] = (auth.uid())::text) AND (NOT private.content_object_pinned(name))))
  with check (((bucket_id = 'content'::text) AND ((storage.foldername(name))[1] = (auth.uid())::text)));

create policy no_app_tokens on storage.objects as restrictive for all to public
  using ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL))
  with check ((( SELECT (auth.jwt() ->> 'client_id'::text)) IS NULL));
