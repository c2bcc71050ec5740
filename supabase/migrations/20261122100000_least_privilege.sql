-- Least privilege for the API roles (issue 16 Deliver 1).
-- Why: Supabase (and platform.sql, which imitates it) sets default privileges that grant ALL on
-- every new table and EXECUTE on every new function in `public` to anon and authenticated, and
-- `revoke … from public` never undoes a grant made to a named role. The earlier migrations only
-- added grants, so anon could call service-only helpers (fan_tier, generate_fan_sample) and a
-- fan could hard-DELETE rows the product only ever soft-deletes (reward claims, subscriptions).
-- Invariants after this migration:
--   * anon holds no privilege on any table, sequence or function in `public` (the app has no
--     signed-out data access; sign-up and sign-in go through auth, not PostgREST).
--   * authenticated holds exactly the table privileges listed below. No DELETE anywhere:
--     every replicated table is soft-deleted (`_deleted`) through UPDATE. UPDATE is kept on the
--     append-only engagement log because sync_push locks rows with SELECT … FOR UPDATE, which
--     needs it; RLS has no UPDATE policy there, so no row can change.
--   * authenticated may EXECUTE only the RPCs the client calls (sync_push, ensure_fan_sample)
--     and the functions evaluated as the caller inside policies, invoker triggers and CHECK
--     constraints. Trigger functions need no EXECUTE grant (PostgreSQL does not check it when a
--     trigger fires); service-only helpers (fan_tier, generate_fan_sample) run for
--     service_role and security-definer server code only.
--   * every function in `public` has a fixed search_path; security-definer ones use ''.
--   * default privileges of the migrating role no longer give anon/authenticated anything on
--     future tables, sequences or functions (nor PUBLIC EXECUTE on functions): each later
--     migration grants what its objects need, explicitly. service_role keeps its defaults.
-- Works unchanged on hosted Supabase (migrations run as `postgres`, whose defaults these are).

-- ------------------------------------------------------------------ default privileges
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
alter default privileges revoke execute on functions from public;

-- ------------------------------------------------------------------ anon: nothing
revoke all on all tables in schema public from anon;
revoke all on all sequences in schema public from anon;
revoke all on all functions in schema public from public, anon;

-- ------------------------------------------------------------------ tables
revoke all on public.profiles, public.media_ids, public.media_engagement_log, public.content_items,
  public.locker_items, public.locker_interactions, public.locker_comments, public.subscriptions,
  public.daily_rewards, public.reward_claims, public.developer_apps, public.sync_tables
  from public, anon, authenticated;

grant select, insert, update on public.profiles, public.media_ids, public.content_items,
  public.locker_interactions, public.locker_comments, public.subscriptions, public.reward_claims,
  public.developer_apps to authenticated;
grant select, insert, update on public.media_engagement_log to authenticated; -- see header
grant select on public.locker_items, public.daily_rewards, public.sync_tables to authenticated;

-- The DELETE policies left in place match no privilege any more; drop them so the intent is
-- visible in the policy list too.
drop policy developer_apps_delete_own on public.developer_apps;

-- ------------------------------------------------------------------ functions
revoke all on function
  public.set_modified(), public.media_ids_set_id(), public.forbid_self_assigned_admin(),
  public.holds_role(uuid, text), public.can_read_content(public.content_items),
  public.can_read_object(text, text), public.sync_push(text, jsonb), public.fan_row_set_id(),
  public.is_api_caller(), public.fan_tier(uuid), public.check_comment_tier(),
  public.check_reward_claim(), public.check_subscription_tier(),
  public.generate_fan_sample(uuid, timestamptz), public.generate_fan_sample_on_signup(),
  public.ensure_fan_sample(), public.developer_redirect_uris_valid(text[]),
  public.developer_scopes_valid(text[]), public.developer_apps_guard()
  from public, anon, authenticated;

-- RPCs the client calls.
grant execute on function public.sync_push(text, jsonb), public.ensure_fan_sample() to authenticated;
-- Evaluated as the caller: RLS policies (holds_role, can_read_content, can_read_object),
-- invoker triggers (is_api_caller) and developer_apps CHECK constraints (the validators).
grant execute on function public.holds_role(uuid, text), public.can_read_content(public.content_items),
  public.can_read_object(text, text), public.is_api_caller(),
  public.developer_redirect_uris_valid(text[]), public.developer_scopes_valid(text[])
  to authenticated;

-- ------------------------------------------------------------------ fixed search_path
alter function public.set_modified() set search_path = '';
alter function public.media_ids_set_id() set search_path = '';
alter function public.forbid_self_assigned_admin() set search_path = '';
alter function public.holds_role(uuid, text) set search_path = '';
alter function public.can_read_content(public.content_items) set search_path = '';
alter function public.can_read_object(text, text) set search_path = '';
alter function public.fan_row_set_id() set search_path = '';
alter function public.is_api_caller() set search_path = '';
alter function public.check_subscription_tier() set search_path = '';
alter function public.developer_redirect_uris_valid(text[]) set search_path = '';
alter function public.developer_scopes_valid(text[]) set search_path = '';
alter function public.developer_apps_guard() set search_path = '';
alter function public.check_reward_claim() set search_path = '';
-- security definer: nothing resolved through a schema the caller could shadow
alter function public.fan_tier(uuid) set search_path = '';
alter function public.check_comment_tier() set search_path = '';
alter function public.generate_fan_sample(uuid, timestamptz) set search_path = '';
alter function public.generate_fan_sample_on_signup() set search_path = '';
alter function public.ensure_fan_sample() set search_path = '';
