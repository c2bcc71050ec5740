-- Storage: the private bucket `content` and its object policies.
-- Invariants: artists (holders of an artist MediaID) write only under `{auth.uid()}/...`;
-- the owner folder is always readable by its owner; anyone else reads an object only through
-- a live content_items row whose file_path names it and that public.can_read_content() allows.

insert into storage.buckets (id, name, public)
values ('content', 'content', false)
on conflict (id) do nothing;

create function public.can_read_object(p_bucket text, p_name text) returns boolean
language sql stable security invoker as $$
  select exists (
    select 1 from public.content_items c
    where (c.file_path = p_name or c.file_path = p_bucket || '/' || p_name)
      and not c._deleted
      and public.can_read_content(c)
  )
$$;
grant execute on function public.can_read_object(text, text) to authenticated, service_role;

create policy content_objects_insert_own_folder on storage.objects for insert to authenticated
  with check (
    bucket_id = 'content'
    and (storage.foldername(name))[1] = auth.uid()::text
    and public.holds_role(auth.uid(), 'artist')
  );

create policy content_objects_select on storage.objects for select to authenticated
  using (
    bucket_id = 'content'
    and ((storage.foldername(name))[1] = auth.uid()::text
         or public.can_read_object(bucket_id, name))
  );

create policy content_objects_update_own_folder on storage.objects for update to authenticated
  using (bucket_id = 'content' and (storage.foldername(name))[1] = auth.uid()::text)
  with check (bucket_id = 'content' and (storage.foldername(name))[1] = auth.uid()::text);

create policy content_objects_delete_own_folder on storage.objects for delete to authenticated
  using (bucket_id = 'content' and (storage.foldername(name))[1] = auth.uid()::text);
