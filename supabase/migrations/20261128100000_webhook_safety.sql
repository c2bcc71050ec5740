-- Webhooks that cannot be turned inward or stalled (security issue 38, items 3 and 4).
-- Invariants:
--   * developer_webhooks.url is checked by private.webhook_url_allowed for every enabled endpoint:
--     https to a host that is a dotted name (not localhost, *.localhost, *.local, *.internal,
--     *.home.arpa, no trailing dot) or a public IP literal; plain http only to localhost /
--     127.0.0.1 / [::1] (a developer's own receiver; the hosted worker refuses loopback anyway).
--     The delivery worker checks every resolved address again (supabase/functions/deliver-webhooks).
--   * At most one message per endpoint is in flight (in_flight_until, the claim's lease) and at
--     most 4 endpoints per app in flight, so a stalled endpoint or app holds up only its own.
--   * Each failed attempt pauses its endpoint (paused_until) on the messages' backoff; the 8th
--     failure in a row, or a destination the worker refuses, disables it with disabled_reason,
--     which its developer reads. Re-enabling (or a new url) clears the failure state.
--   * The worker columns are the server's: API callers cannot set them.
--   * A disabled or deleted endpoint or app gets nothing further: the claim skips it and its
--     pending messages are given up when it is disabled or deleted.
--   * last_error holds at most 300 printable characters.

-- ------------------------------------------------------------------ the URL rule
create function private.webhook_url_allowed(p_url text) returns boolean
language plpgsql immutable set search_path = '' as $$
declare
  _m text[];
  _host text;
  _addr inet;
begin
  if p_url is null or char_length(p_url) > 2048 or p_url ~ '\s' then
    return false;
  end if;
  if p_url ~ '^http://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?([/?#]\S*)?$' then
    return true;
  end if;
  _m := regexp_match(p_url, '^https://([^/?#@\s]+)([/?#]\S*)?$');
  if _m is null then
    return false;
  end if;
  _host := lower(_m[1]);
  if _host ~ '^\[' then -- an IPv6 literal: global unicast only, none of its special ranges
    _m := regexp_match(_host, '^\[([0-9a-f:.]+)\](:[0-9]{1,5})?$');
    if _m is null then
      return false;
    end if;
    begin
      _addr := _m[1]::inet;
    exception when others then
      return false;
    end;
    return family(_addr) = 6 and _addr << '2000::/3'::inet
      and not (_addr << '2001::/23'::inet or _addr << '2001:db8::/32'::inet or _addr << '2002::/16'::inet);
  end if;
  _host := regexp_replace(_host, ':[0-9]{1,5}$', '');
  if _host !~ '^[a-z0-9_-]+(\.[a-z0-9_-]+)+$' then
    return false; -- one label, a trailing dot, a port left over, characters a host has not
  end if;
  -- WHATWG URL reads a host whose last label is a number as IPv4 (127.1, 0x7f.1, 2130706433)
  if _host ~ '\.(0x[0-9a-f]*|[0-9]+)$' or _host ~ '^(0x[0-9a-f]*|[0-9]+)$' then
    if _host !~ '^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$' then
      return false;
    end if;
    _addr := _host::inet;
    return not (_addr << any (array['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16',
      '172.16.0.0/12', '192.0.0.0/24', '192.0.2.0/24', '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15',
      '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4']::inet[]));
  end if;
  return _host !~ '(^|\.)(localhost|local|internal|localdomain|home\.arpa)$';
end
$$;
revoke all on function private.webhook_url_allowed(text) from public, anon, authenticated;
grant execute on function private.webhook_url_allowed(text) to authenticated, service_role;

-- ------------------------------------------------------------------ endpoint state
alter table public.developer_webhooks
  add column in_flight_until timestamptz,
  add column paused_until timestamptz,
  add column failed_attempts integer not null default 0,
  add column disabled_at timestamptz,
  add column disabled_reason text check (char_length(disabled_reason) <= 400);

-- Endpoints stored before this rule: disabled with the reason, so the new check can hold for all.
update public.developer_webhooks set enabled = false, disabled_at = now(),
  disabled_reason = 'This URL is not allowed: webhooks go to https on a public host (or http to localhost while developing).'
where enabled and not private.webhook_url_allowed(url);

alter table public.developer_webhooks
  drop constraint developer_webhooks_url_check,
  add constraint developer_webhooks_url_check check (not enabled or private.webhook_url_allowed(url));

-- The secret and the worker's columns are the server's; re-enabling or a new url starts afresh.
create or replace function public.developer_webhooks_guard() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    if public.is_api_caller() or new.secret is null then
      new.secret := private.new_webhook_secret();
    end if;
    if public.is_api_caller() then
      new.created_at := now();
      new.in_flight_until := null;
      new.paused_until := null;
      new.failed_attempts := 0;
      new.disabled_at := null;
      new.disabled_reason := null;
    end if;
  else
    if new.client_id is distinct from old.client_id or new.owner_id is distinct from old.owner_id then
      raise exception 'a webhook cannot move to another app or owner' using errcode = '42501';
    end if;
    if public.is_api_caller() then
      new.secret := old.secret;
      new.created_at := old.created_at;
      new.in_flight_until := old.in_flight_until;
      if (new.enabled and not old.enabled) or new.url is distinct from old.url then
        new.paused_until := null;
        new.failed_attempts := 0;
        new.disabled_at := null;
        new.disabled_reason := null;
      else
        new.paused_until := old.paused_until;
        new.failed_attempts := old.failed_attempts;
        new.disabled_at := old.disabled_at;
        new.disabled_reason := old.disabled_reason;
      end if;
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;

-- ------------------------------------------------------------------ nothing further
-- Pending messages of an endpoint or app that is disabled or deleted are given up.
create function private.webhook_give_up_pending() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.webhook_outbox o set gave_up_at = now(), last_error = coalesce(o.last_error, case tg_table_name
      when 'developer_apps' then 'not sent: the app is disabled or deleted'
      else 'not sent: the endpoint is disabled or deleted' end)
  where o.delivered_at is null and o.gave_up_at is null
    and case tg_table_name when 'developer_apps' then o.client_id = new.client_id else o.webhook_id = new.id end;
  return null;
end
$$;
revoke all on function private.webhook_give_up_pending() from public, anon, authenticated;
create trigger webhook_give_up_pending after update on public.developer_webhooks
  for each row when ((old.enabled and not new.enabled) or (not old._deleted and new._deleted))
  execute function private.webhook_give_up_pending();
create trigger webhook_give_up_pending after update on public.developer_apps
  for each row when ((old.status = 'active' and new.status <> 'active') or (not old._deleted and new._deleted))
  execute function private.webhook_give_up_pending();

-- A revocation is announced only to a live app (preference.updated already checks this).
create or replace function private.mediaid_revoked_outbox() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.webhook_outbox (webhook_id, client_id, event_type, payload)
  select w.id, new.client_id, 'permission.revoked', jsonb_build_object(
    'type', 'permission.revoked', 'timestamp', now(),
    'data', jsonb_build_object('user_id', new.user_id, 'role', new.role, 'revoked_at', new.revoked_at))
  from public.developer_webhooks w
  where w.client_id = new.client_id and w.enabled and not w._deleted and 'permission.revoked' = any (w.events)
    and exists (select 1 from private.app_registration(new.client_id) r where r.name is not null);
  return null;
end
$$;

-- ------------------------------------------------------------------ claim and record
-- Claims up to p_limit due messages: the oldest due one of each free endpoint (enabled, not
-- deleted, app live, not paused, none in flight), at most 4 endpoints in flight per app. The
-- message and its endpoint are leased for p_lease_seconds: a worker that dies leaves both to be
-- retried. The endpoints taken are locked skip locked, so workers side by side never share one.
create or replace function public.webhook_outbox_claim(p_limit integer default 10, p_lease_seconds integer default 60)
returns table (id uuid, webhook_id uuid, url text, secret text, event_type text, payload jsonb,
               attempts integer, created_at timestamptz)
language sql volatile set search_path = '' as $$
  with free as (
    select w.id, w.client_id from public.developer_webhooks w
    join public.developer_apps a on a.client_id = w.client_id and a.status = 'active' and not a._deleted
    where w.enabled and not w._deleted
      and (w.in_flight_until is null or w.in_flight_until <= now())
      and (w.paused_until is null or w.paused_until <= now())
  ), oldest as (
    select distinct on (o.webhook_id) o.id, o.webhook_id, o.next_attempt_at, f.client_id
    from public.webhook_outbox o join free f on f.id = o.webhook_id
    where o.delivered_at is null and o.gave_up_at is null and o.next_attempt_at <= now()
    order by o.webhook_id, o.next_attempt_at, o.created_at
  ), ranked as (
    select x.id, x.webhook_id, x.next_attempt_at,
      row_number() over (partition by x.client_id order by x.next_attempt_at) + (
        select count(*) from public.developer_webhooks b
        where b.client_id = x.client_id and b.in_flight_until > now()) as app_slot
    from oldest x
  ), locked as ( -- only what this worker takes: skip locked rows do not count toward the limit
    select r.id, r.webhook_id from ranked r join public.developer_webhooks w on w.id = r.webhook_id
    where r.app_slot <= 4 and (w.in_flight_until is null or w.in_flight_until <= now())
    order by r.next_attempt_at
    limit least(greatest(coalesce(p_limit, 10), 1), 100)
    for update of w skip locked
  ), picked as (
    select l.id, l.webhook_id from locked l
  ), claimed as (
    update public.webhook_outbox o
    set attempts = o.attempts + 1,
        next_attempt_at = now() + make_interval(secs => greatest(coalesce(p_lease_seconds, 60), 5))
    from picked where o.id = picked.id -- rechecked on the newest version: never a message sent meanwhile
      and o.delivered_at is null and o.gave_up_at is null and o.next_attempt_at <= now()
    returning o.*
  ), leased as (
    update public.developer_webhooks w
    set in_flight_until = now() + make_interval(secs => greatest(coalesce(p_lease_seconds, 60), 5))
    from claimed c where w.id = c.webhook_id
    returning w.id
  )
  select c.id, c.webhook_id, w.url, w.secret, c.event_type, c.payload, c.attempts, c.created_at
  from claimed c join public.developer_webhooks w on w.id = c.webhook_id
$$;

-- Records one attempt: 2xx delivered; 410 Gone ends retries for the message (Standard Webhooks);
-- a refused destination gives it up and disables the endpoint; any other failure backs off the
-- message and pauses the endpoint (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), the message is
-- given up after 8 attempts and the endpoint disabled after 8 failures in a row.
drop function public.webhook_outbox_record(uuid, integer, text);
create function public.webhook_outbox_record(p_id uuid, p_status integer, p_error text default null,
                                             p_refused boolean default false)
returns void
language plpgsql volatile set search_path = '' as $$
declare
  _backoff constant interval[] := array['5 seconds', '5 minutes', '30 minutes', '2 hours', '5 hours',
    '10 hours', '10 hours', '10 hours']::interval[];
  _ok constant boolean := coalesce(p_status between 200 and 299, false);
  _failed constant boolean := not _ok and p_status is distinct from 410;
  _error constant text := left(regexp_replace(p_error, '[[:cntrl:]]+', ' ', 'g'), 300);
  _webhook uuid;
begin
  update public.webhook_outbox o set
    last_status = p_status,
    last_error = _error,
    delivered_at = case when _ok then now() end,
    gave_up_at = case when _ok then null
                      when p_refused or p_status = 410 or o.attempts >= 8 then now() end,
    next_attempt_at = now() + _backoff[least(greatest(o.attempts, 1), 8)]
  where o.id = p_id and o.delivered_at is null
  returning o.webhook_id into _webhook;
  if _webhook is null then
    return;
  end if;
  update public.developer_webhooks w set
    in_flight_until = null,
    failed_attempts = case when _failed then w.failed_attempts + 1 when _ok then 0 else w.failed_attempts end,
    paused_until = case when _failed then now() + _backoff[least(w.failed_attempts + 1, 8)] end,
    enabled = w.enabled and not p_refused and not (_failed and w.failed_attempts + 1 >= 8),
    disabled_at = case when w.enabled and (p_refused or (_failed and w.failed_attempts + 1 >= 8)) then now()
                       else w.disabled_at end,
    disabled_reason = case
      when not w.enabled then w.disabled_reason
      when p_refused then left('Delivery refused (' || coalesce(_error, 'refused') || ')', 400)
      when _failed and w.failed_attempts + 1 >= 8 then
        left(format('%s failed deliveries in a row; the last: %s', w.failed_attempts + 1, coalesce(_error, 'no answer')), 400)
      else w.disabled_reason end
  where w.id = _webhook;
end
$$;
revoke all on function public.webhook_outbox_claim(integer, integer),
  public.webhook_outbox_record(uuid, integer, text, boolean) from public, anon, authenticated;
grant execute on function public.webhook_outbox_claim(integer, integer),
  public.webhook_outbox_record(uuid, integer, text, boolean) to service_role;
