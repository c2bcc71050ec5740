-- Upload checks the database can make, on hosted Supabase and locally alike.
-- Invariants: a content_items row (insert, or an update that changes file_path, file_size or
-- file_type) names a stored object of bucket `content` inside its artist's own folder, with more
-- than 0 bytes; file_size equals the stored size; file_type is an accepted media type and the same
-- type the object was stored with. Postgres cannot read the bytes (Storage keeps them outside the
-- database), so magic bytes are checked by the client. The bucket itself keeps accepting any MIME type (TUS
-- uploads arrive as application/octet-stream; the storage safety rules serve other types inertly):
-- what may become a content row is decided here.

-- Helpers live in schema `private` (not exposed by the REST API; created by 20261126100000).
create function private.accepted_content_type(p_type text) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce(p_type, '') ~ '^(audio|video|image)/[a-z0-9][a-z0-9.+-]*$'
      or p_type in ('application/pdf', 'text/plain', 'text/markdown')
$$;
revoke all on function private.accepted_content_type(text) from public, anon, authenticated, service_role;
grant execute on function private.accepted_content_type(text) to authenticated, service_role;

-- The stored object's size and type, read as definer: the check must see the object whatever the
-- caller's storage policies are; it answers only for the caller's own folder (or service_role).
create function private.content_object_facts(p_name text, out size bigint, out mimetype text)
language sql stable security definer set search_path = '' as $$
  select (o.metadata ->> 'size')::bigint, lower(split_part(coalesce(o.metadata ->> 'mimetype', ''), ';', 1))
  from storage.objects o
  where o.bucket_id = 'content' and o.name = p_name
    and (split_part(p_name, '/', 1) = auth.uid()::text or auth.role() = 'service_role')
$$;
revoke all on function private.content_object_facts(text) from public, anon, authenticated, service_role;
grant execute on function private.content_object_facts(text) to authenticated, service_role;

-- Invoker, so `current_user` is the caller: the rule binds the API roles (anon, authenticated,
-- service_role), i.e. every client; the database owner's own SQL (migrations, fixtures) could drop
-- the trigger anyway and is not checked.
create function public.check_content_item_object() returns trigger
language plpgsql security invoker set search_path = '' as $$
declare
  _facts record;
  _type text := lower(split_part(coalesce(new.file_type, ''), ';', 1));
begin
  if current_user not in ('anon', 'authenticated', 'service_role') then
    return new;
  end if;
  if tg_op = 'UPDATE'
     and new.file_path is not distinct from old.file_path
     and new.file_size is not distinct from old.file_size
     and new.file_type is not distinct from old.file_type
     and new.artist_id is not distinct from old.artist_id then
    return new; -- publishing, tiers, titles: the file was checked when it was set
  end if;
  if new.file_path is null or split_part(new.file_path, '/', 1) <> new.artist_id::text then
    raise exception 'file_path must be an object in the artist''s own folder of bucket content'
      using errcode = '23514';
  end if;
  select f.size, f.mimetype into _facts from private.content_object_facts(new.file_path) f;
  if _facts.size is null and _facts.mimetype is null then
    raise exception 'file_path names no stored object: upload the file first' using errcode = '23514';
  end if;
  if coalesce(_facts.size, 0) <= 0 then
    raise exception 'the stored object is empty' using errcode = '23514';
  end if;
  if new.file_size is distinct from _facts.size then
    raise exception 'file_size (%) differs from the stored object''s size (%)', new.file_size, _facts.size
      using errcode = '23514';
  end if;
  if not private.accepted_content_type(_type) then
    raise exception 'file_type % is not an accepted content type', coalesce(new.file_type, 'null')
      using errcode = '23514';
  end if;
  if _type <> _facts.mimetype then
    raise exception 'file_type % differs from the stored object''s type %', new.file_type, _facts.mimetype
      using errcode = '23514';
  end if;
  return new;
end
$$;
revoke all on function public.check_content_item_object() from public, anon, authenticated, service_role;

create trigger content_items_object_check
  before insert or update of file_path, file_size, file_type, artist_id on public.content_items
  for each row execute function public.check_content_item_object();
