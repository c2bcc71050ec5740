-- Real drops get the locker's reactions, save, share and comments (issue 31 Deliver 6).
-- A fan's locker_interactions / locker_comments row now names either a sample drop
-- (locker_items) or a followed artist's release (content_items), still by `item_id` text, so the
-- client keeps one id scheme (`fan_id|item_id`) for both. Invariants:
--   * the target is resolved by the server into exactly one of two server-owned FK columns,
--     locker_item_id or content_id (a client value for either is overwritten), so a deleted drop
--     or release takes its reactions and comments with it (on delete cascade);
--   * a fan writes only their own rows (fan_id = auth.uid(), as before) and only about a target
--     they can read now: a visible sample drop, or a live content item public.can_read_content()
--     allows (released AND within the fan's tier for that artist) — called here, never copied;
--   * a comment on a release below the fan's tier is refused with the spec's
--     'Tier N+ Required to Comment'; an unreleased, deleted or unknown one as not found;
--   * item_id never changes on update; comment bodies stay 1..500 characters (existing check).

-- ------------------------------------------------------------------ target columns
alter table public.locker_interactions drop constraint locker_interactions_item_id_fkey;
alter table public.locker_comments drop constraint locker_comments_item_id_fkey;

alter table public.locker_interactions
  add column locker_item_id text references public.locker_items (id) on delete cascade,
  add column content_id uuid references public.content_items (id) on delete cascade;
alter table public.locker_comments
  add column locker_item_id text references public.locker_items (id) on delete cascade,
  add column content_id uuid references public.content_items (id) on delete cascade;

update public.locker_interactions set locker_item_id = item_id;
update public.locker_comments set locker_item_id = item_id;

alter table public.locker_interactions
  add constraint locker_interactions_one_target check (num_nonnulls(locker_item_id, content_id) = 1);
alter table public.locker_comments
  add constraint locker_comments_one_target check (num_nonnulls(locker_item_id, content_id) = 1);

create index locker_interactions_content_id_idx on public.locker_interactions (content_id);
create index locker_comments_content_id_idx on public.locker_comments (content_id);

-- The content item an item_id names, or null when it is not a uuid of an existing row.
-- security definer: resolving must see rows RLS hides from the caller (the policies below then
-- decide with the caller's rights); it returns nothing but the row's own key.
create function public.locker_target_content(p_item text) returns uuid
language sql stable security definer set search_path = '' as $$
  select c.id from public.content_items c
  where p_item ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    and c.id = p_item::uuid
$$;

-- Fills the target columns from item_id (server-owned: a client's values never count).
create function public.locker_set_target() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'UPDATE' and new.item_id is distinct from old.item_id then
    raise exception 'a reaction or comment cannot move to another drop' using errcode = '42501';
  end if;
  new.locker_item_id := null;
  new.content_id := null;
  if exists (select 1 from public.locker_items i where i.id = new.item_id) then
    new.locker_item_id := new.item_id;
  else
    new.content_id := public.locker_target_content(new.item_id);
    if new.content_id is null then
      raise exception 'drop % not found', new.item_id using errcode = '23503';
    end if;
  end if;
  return new;
end
$$;

-- Runs before the comment tier check and the id check (triggers fire in name order).
create trigger a_locker_set_target before insert or update on public.locker_interactions
  for each row execute function public.locker_set_target();
create trigger a_locker_set_target before insert or update on public.locker_comments
  for each row execute function public.locker_set_target();

-- ------------------------------------------------------------------ readable targets
-- True when the caller may react to or comment on the target now. security invoker: it sees
-- what the caller sees (locker_items by RLS; content_items through can_read_content).
create function public.can_engage_with(p_locker_item text, p_content uuid) returns boolean
language sql stable security invoker set search_path = '' as $$
  select case
    when p_locker_item is not null then
      exists (select 1 from public.locker_items i where i.id = p_locker_item)
    else
      exists (select 1 from public.content_items c
              where c.id = p_content and not c._deleted and public.can_read_content(c))
  end
$$;

drop policy locker_interactions_own on public.locker_interactions;
create policy locker_interactions_own on public.locker_interactions for all to authenticated
  using (fan_id = auth.uid())
  with check (fan_id = auth.uid() and public.can_engage_with(locker_item_id, content_id));

drop policy locker_comments_own on public.locker_comments;
create policy locker_comments_own on public.locker_comments for all to authenticated
  using (fan_id = auth.uid())
  with check (fan_id = auth.uid() and public.can_engage_with(locker_item_id, content_id));

-- ------------------------------------------------------------------ comment tier (spec §5)
-- Sample drops: the fan's tier against fan_tier_required, as before. Releases: readable by
-- can_read_content (which includes the tier for that artist); below the tier the spec's text.
create or replace function public.check_comment_tier() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  _required integer;
  _content public.content_items;
begin
  if tg_op = 'UPDATE' then
    return new; -- edits and soft deletes of an accepted comment (item_id is fixed above)
  end if;
  if new.locker_item_id is not null then
    select i.fan_tier_required into _required from public.locker_items i
      where i.id = new.locker_item_id and (i.fan_id is null or i.fan_id = new.fan_id) and not i._deleted;
    if _required is null then
      raise exception 'drop % not found', new.item_id using errcode = '23503';
    end if;
    if public.fan_tier(new.fan_id) < _required then
      raise exception 'Tier %+ Required to Comment', _required using errcode = '42501';
    end if;
    return new;
  end if;
  select * into _content from public.content_items c where c.id = new.content_id and not c._deleted;
  if _content.id is not null and (select auth.uid()) is null then
    return new; -- server code (service_role, no user) is not a fan; fans are checked below
  end if;
  if _content.id is null then
    raise exception 'drop % not found', new.item_id using errcode = '23503';
  end if;
  if public.can_read_content(_content) then
    return new;
  end if;
  _required := public.content_tier_rank(_content.subscription_tier_required);
  if public.my_tier_for_artist(_content.artist_id::text) < _required then
    raise exception 'Tier %+ Required to Comment', _required using errcode = '42501';
  end if;
  raise exception 'drop % is not released yet', new.item_id using errcode = '42501';
end
$$;

-- ------------------------------------------------------------------ privileges
revoke all on function public.locker_target_content(text), public.locker_set_target(),
  public.can_engage_with(text, uuid) from public, anon, authenticated;
grant execute on function public.can_engage_with(text, uuid) to authenticated, service_role;
grant execute on function public.locker_target_content(text) to service_role;
