-- Server-owned columns (issue 16 Deliver 2): values a client may send but never decides.
-- Triggers, not column grants, so the rules hold for REST and sync_push alike and a client that
-- pushes its whole document (as the sync engine does) still succeeds. Convention, as for
-- _modified: a server-owned value a client sends is overwritten with the server's; a change the
-- product refuses (a paid tier, a price, moving a row) raises 42501 with a clear message.
-- Only statements made by an API role are constrained (public.is_api_caller()); service_role,
-- the payment side and security-definer server code write these columns freely.
--   * created_at of every client-written row except the engagement log: now() on insert, kept on
--     update. (media_engagement_log.created_at is when the event happened on the device, which
--     may be offline for days; it is the client's statement, not a server fact.)
--   * profiles.email_verified mirrors auth.users.email_confirmed_at (set on insert, kept on
--     update, and updated by the server when the address gets confirmed).
--   * media_ids.version: 1 on insert, never changed by a client.
--   * developer_apps.disabled_by_admin (new): set when a non-API caller disables an app, cleared
--     when one re-enables it; a client can neither change it nor re-activate such an app.
--   * subscriptions: free tier only on insert, price 0 (the payment side sets prices); a client
--     may step its tier down (the price then drops to 0 at free), cancel (_deleted), or follow
--     again at free — never resume a cancelled paid row, move a row to another artist, or change
--     its price.
--   * ensure_fan_sample() gives the sample once: a fan who already has their calendar gets
--     nothing regenerated (so a cancelled sample tier-3 subscription stays cancelled).

-- ------------------------------------------------------------------ created_at
create function public.keep_server_created_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'UPDATE' then
    new.created_at := old.created_at;
  elsif public.is_api_caller() then
    new.created_at := now();
  end if;
  return new;
end
$$;

create trigger keep_server_created_at before insert or update on public.profiles
  for each row execute function public.keep_server_created_at();
create trigger keep_server_created_at before insert or update on public.media_ids
  for each row execute function public.keep_server_created_at();
create trigger keep_server_created_at before insert or update on public.content_items
  for each row execute function public.keep_server_created_at();
create trigger keep_server_created_at before insert or update on public.locker_interactions
  for each row execute function public.keep_server_created_at();
create trigger keep_server_created_at before insert or update on public.locker_comments
  for each row execute function public.keep_server_created_at();
create trigger keep_server_created_at before insert or update on public.subscriptions
  for each row execute function public.keep_server_created_at();
create trigger keep_server_created_at before insert or update on public.reward_claims
  for each row execute function public.keep_server_created_at();
create trigger keep_server_created_at before insert or update on public.developer_apps
  for each row execute function public.keep_server_created_at();

-- ------------------------------------------------------------------ profiles.email_verified
-- security definer: reads auth.users, which the API roles cannot. Requests of the API roles
-- (their JWT role; current_user is the owner here) keep the stored value; the confirmation
-- trigger below runs in the auth server's own statement, which carries no API role.
create function public.profiles_email_verified() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.email_verified := coalesce(
      (select u.email_confirmed_at is not null from auth.users u where u.id = new.id), false);
  elsif coalesce((select auth.role()), '') in ('anon', 'authenticated') then
    new.email_verified := old.email_verified;
  end if;
  return new;
end
$$;

create trigger profiles_email_verified before insert or update on public.profiles
  for each row execute function public.profiles_email_verified();

create function public.profiles_email_confirmed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles p set email_verified = (new.email_confirmed_at is not null)
    where p.id = new.id and p.email_verified is distinct from (new.email_confirmed_at is not null);
  return null;
end
$$;

create trigger profiles_email_confirmed after update of email_confirmed_at on auth.users
  for each row execute function public.profiles_email_confirmed();

-- ------------------------------------------------------------------ media_ids.version
create function public.media_ids_keep_version() returns trigger
language plpgsql set search_path = '' as $$
begin
  if public.is_api_caller() then
    new.version := case when tg_op = 'INSERT' then 1 else old.version end;
  end if;
  return new;
end
$$;

create trigger media_ids_keep_version before insert or update on public.media_ids
  for each row execute function public.media_ids_keep_version();

-- ------------------------------------------------------------------ developer_apps admin state
alter table public.developer_apps add column disabled_by_admin boolean not null default false;

create function public.developer_apps_admin_state() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not public.is_api_caller() then
    if tg_op = 'UPDATE' and new.status is distinct from old.status
       and new.disabled_by_admin is not distinct from old.disabled_by_admin then
      new.disabled_by_admin := (new.status = 'disabled');
    end if;
    return new;
  end if;
  new.disabled_by_admin := case when tg_op = 'INSERT' then false else old.disabled_by_admin end;
  if new.disabled_by_admin and new.status <> 'disabled' then
    raise exception 'This application was disabled by an administrator' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger developer_apps_admin_state before insert or update on public.developer_apps
  for each row execute function public.developer_apps_admin_state();

-- ------------------------------------------------------------------ subscriptions
create function public.subscriptions_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if not public.is_api_caller() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.price <> 0 then
      raise exception 'price is set by the payment service' using errcode = '42501';
    end if;
    return new; -- tier: check_subscription_tier refuses anything but free
  end if;
  if new.artist_id is distinct from old.artist_id or new.id is distinct from old.id then
    raise exception 'a subscription cannot move to another artist' using errcode = '42501';
  end if;
  if old._deleted and not new._deleted and new.tier <> 'free' then
    raise exception 'a cancelled paid subscription cannot be resumed here: follow again on the free tier'
      using errcode = '42501';
  end if;
  if new.tier = 'free' and old.tier <> 'free' then
    new.price := 0; -- stepping down to free ends the payment
  elsif new.price is distinct from old.price then
    raise exception 'price is set by the payment service' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger subscriptions_guard before insert or update on public.subscriptions
  for each row execute function public.subscriptions_guard();

-- ------------------------------------------------------------------ the sample, once
create or replace function public.ensure_fan_sample() returns void
language plpgsql security definer set search_path = '' as $$
declare
  _created timestamptz;
begin
  select u.created_at into _created from auth.users u where u.id = (select auth.uid());
  if _created is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  if exists (select 1 from public.daily_rewards r where r.fan_id = (select auth.uid())) then
    return; -- already given: never regenerate what the fan has since changed or cancelled
  end if;
  perform public.generate_fan_sample((select auth.uid()), _created);
end
$$;

revoke all on function public.keep_server_created_at(), public.profiles_email_verified(),
  public.profiles_email_confirmed(), public.media_ids_keep_version(),
  public.developer_apps_admin_state(), public.subscriptions_guard()
  from public, anon, authenticated;
