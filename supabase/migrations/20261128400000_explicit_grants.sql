-- Explicit grants for hosted Supabase's default (issue 42, item 1).
-- Why: since 30 October 2026 hosted projects grant new `public` tables, sequences and functions
-- to nobody (not anon, authenticated or service_role), and new functions are not executable by
-- PUBLIC. Earlier migrations relied on service_role's default grants for the functions
-- 20261122100000_least_privilege revoked from PUBLIC: on hosted, register-app's insert into
-- developer_apps as service_role failed with "permission denied for function is_api_caller".
-- Invariants after this migration:
--   * service_role may EXECUTE what its statements evaluate as the caller: the invoker triggers'
--     is_api_caller() (developer_apps, content_items, media_ids, profiles, subscriptions, …) and
--     the redirect-URI / scope validators in the CHECK constraints of developer_apps and
--     developer_webhooks. Trigger functions themselves need no EXECUTE (PostgreSQL does not
--     check it when a trigger fires); security-definer bodies run as their owner.
--   * nothing is granted to anon; authenticated keeps exactly the grants the earlier
--     migrations gave it.
--   * grants only (idempotent): no function is redefined, so every ACL set earlier stands.

grant execute on function public.is_api_caller() to service_role;
grant execute on function public.developer_redirect_uris_valid(text[]), public.developer_scopes_valid(text[])
  to service_role;
