-- Release states of an artist's content (issue 31, deliverable 2): drafts stay the artist's own.
--
-- THE MODEL (the RELEASED clause of public.can_read_content, unchanged):
--   released  = is_public, or unlock_date <= now()
--   scheduled = not is_public and unlock_date > now()  (released by time, no write needed)
--   draft     = not is_public and unlock_date is null
--   deleted   = _deleted (soft delete, the sync convention)
-- Fans read an item in full only when released and within tier (content_items RLS, as before).
-- What others see of an item's PUBLIC fields (content_previews, every signed-in user) is:
--   released or scheduled: the public fields (a scheduled item is an upcoming locked drop with
--     its unlock date: the artist chose to announce it; followed_content shows it locked until
--     the date, and the pull releases it then);
--   draft or deleted: a tombstone — `_deleted = true`, title '', file_type null, tier 'free',
--     is_public false, unlock_date null. Never a draft's or a deleted item's title.
-- Why a tombstone and not a hidden row: followed_content (security invoker) is pulled by
-- (_txid, id) and only delivers rows the fan can see; a row that vanished from view would stay
-- on the fan's device forever. The tombstone is a write to the preview (its _txid moves), so
-- unpublishing or deleting reaches every follower's device as `_deleted = true` through the
-- existing view (`p._deleted or s._deleted`), and publishing again brings the row back.
-- Invariants:
--   * the mask is applied by a BEFORE trigger on content_previews itself, so every writer of the
--     previews (content_previews_mirror, the artist-name trigger, any later one) goes through it;
--   * no view, policy or grant changes: followed_content keeps its columns and definition;
--   * the directory already counts released items only (20261126100000).

create function private.content_previews_hide_unreleased() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new._deleted or (not new.is_public and new.unlock_date is null) then
    new._deleted := true;
    new.title := '';
    new.file_type := null;
    new.subscription_tier_required := 'free';
    new.is_public := false;
    new.unlock_date := null;
  end if;
  return new;
end
$$;
revoke all on function private.content_previews_hide_unreleased() from public, anon, authenticated;

create trigger content_previews_hide_unreleased before insert or update on public.content_previews
  for each row execute function private.content_previews_hide_unreleased();

-- Existing drafts and deleted items become tombstones (their _txid moves, so followers' devices
-- drop them on their next pull).
update public.content_previews p set title = p.title
where p._deleted or (not p.is_public and p.unlock_date is null);

comment on table public.content_previews is
  'Public fields of released and scheduled content; drafts and deleted items are tombstones (see 20261127200000).';
