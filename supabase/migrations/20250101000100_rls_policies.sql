-- Row-level security for the core tables (ARCHITECTURE.md "Security model").
-- Invariants: RLS is enabled on every table; the API roles only ever see their own profile,
-- MediaIDs and engagement log; only service_role can assign the `admin` role (trigger, so it
-- holds through upsert and RPCs too); content read access is decided in ONE function,
-- public.can_read_content(), which later migrations extend (tiers, subscriptions).
-- No DELETE policies: deletion is a soft delete (_deleted = true) through UPDATE.

alter table public.profiles enable row level security;
alter table public.media_ids enable row level security;
alter table public.media_engagement_log enable row level security;
alter table public.content_items enable row level security;

revoke all on public.profiles, public.media_ids, public.media_engagement_log, public.content_items from anon;
grant select, insert, update, delete on public.profiles, public.media_ids,
  public.media_engagement_log, public.content_items to authenticated;
grant all on public.profiles, public.media_ids, public.media_engagement_log,
  public.content_items to service_role;

-- ------------------------------------------------------------------ admin guard
create function public.forbid_self_assigned_admin() returns trigger
language plpgsql as $$
begin
  if new.role = 'admin'
     and (tg_op = 'INSERT' or old.role is distinct from 'admin')
     and (current_user in ('anon', 'authenticated')
          or coalesce(auth.role(), '') in ('anon', 'authenticated')) then
    raise exception 'only service_role can assign the admin role'
      using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger forbid_self_assigned_admin before insert or update on public.profiles
  for each row execute function public.forbid_self_assigned_admin();
create trigger forbid_self_assigned_admin before insert or update on public.media_ids
  for each row execute function public.forbid_self_assigned_admin();

-- ------------------------------------------------------------------ helpers
-- Does the user hold an active MediaID for the role? (invoker: sees only the caller's rows)
create function public.holds_role(p_user uuid, p_role text) returns boolean
language sql stable security invoker as $$
  select exists (
    select 1 from public.media_ids m
    where m.user_uuid = p_user and m.role = p_role and m.is_active and not m._deleted
  )
$$;

-- The single content read rule. Owner always; others when public or unlocked.
-- Later migrations (subscriptions) replace this function to add tier rules.
create function public.can_read_content(c public.content_items) returns boolean
language sql stable security invoker as $$
  select c.artist_id = auth.uid()
      or (auth.uid() is not null
          and (c.is_public or (c.unlock_date is not null and c.unlock_date <= now())))
$$;

grant execute on function public.holds_role(uuid, text), public.can_read_content(public.content_items)
  to authenticated, service_role;

-- ------------------------------------------------------------------ profiles
create policy profiles_select_own on public.profiles for select to authenticated
  using (id = auth.uid());
create policy profiles_insert_own on public.profiles for insert to authenticated
  with check (id = auth.uid());
create policy profiles_update_own on public.profiles for update to authenticated
  using (id = auth.uid()) with check (id = auth.uid());

-- ------------------------------------------------------------------ media_ids
create policy media_ids_select_own on public.media_ids for select to authenticated
  using (user_uuid = auth.uid());
create policy media_ids_insert_own on public.media_ids for insert to authenticated
  with check (user_uuid = auth.uid());
create policy media_ids_update_own on public.media_ids for update to authenticated
  using (user_uuid = auth.uid()) with check (user_uuid = auth.uid());

-- ------------------------------------------------------------------ engagement log
create policy engagement_insert_self on public.media_engagement_log for insert to authenticated
  with check (user_id = auth.uid());
create policy engagement_select_own on public.media_engagement_log for select to authenticated
  using (user_id = auth.uid());

-- ------------------------------------------------------------------ content_items
create policy content_select_readable on public.content_items for select to authenticated
  using (public.can_read_content(content_items));
create policy content_insert_artist on public.content_items for insert to authenticated
  with check (artist_id = auth.uid() and public.holds_role(auth.uid(), 'artist'));
create policy content_update_own on public.content_items for update to authenticated
  using (artist_id = auth.uid()) with check (artist_id = auth.uid());
