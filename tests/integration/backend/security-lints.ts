/**
 * Supabase's security lints (the SECURITY-category lints of github:supabase/splinter, which the
 * hosted dashboard's Security Advisor runs), rewritten here as equivalent catalog queries — the
 * snapshot we read carries no licence file, so nothing is vendored; each query follows the
 * named lint's published logic (lints/00NN_*.sql at splinter 55db5b1, 2026-04-27), with the
 * API-exposed schemas fixed to `public` (PostgREST's db_schemas here).
 * Every query returns rows `lint|object`; `lintSql` is their union.
 */

/** Schemas splinter never lints (platform- and extension-owned). */
const SYSTEM_SCHEMAS = [
  '_timescaledb_cache',
  '_timescaledb_catalog',
  '_timescaledb_config',
  '_timescaledb_internal',
  'auth',
  'cron',
  'extensions',
  'graphql',
  'graphql_public',
  'information_schema',
  'net',
  'pgmq',
  'pgroonga',
  'pgsodium',
  'pgsodium_masks',
  'pgtle',
  'pgbouncer',
  'pg_catalog',
  'realtime',
  'repack',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'tiger',
  'topology',
  'vault',
  'pg_toast',
]
  .map((s) => `'${s}'`)
  .join(', ');

const EXPOSED = `n.nspname = 'public'`;
const API_CAN_SELECT = `(has_table_privilege('anon', c.oid, 'SELECT') or has_table_privilege('authenticated', c.oid, 'SELECT'))`;
const IS_INVOKER_VIEW = `coalesce(lower(c.reloptions::text)::text[] && array['security_invoker=1', 'security_invoker=true', 'security_invoker=yes', 'security_invoker=on'], false)`;
const NOT_EXTENSION = (oid: string) =>
  `not exists (select 1 from pg_depend e where e.objid = ${oid} and e.deptype = 'e')`;

/** A subset of lint 0023's column-name patterns (credentials, identifiers, payment data). */
const SENSITIVE = [
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'secret',
  'secret_key',
  'private_key',
  'api_key',
  'apikey',
  'auth_key',
  'token',
  'jwt',
  'access_token',
  'refresh_token',
  'oauth_token',
  'session_token',
  'bearer_token',
  'auth_code',
  'session_id',
  'session_key',
  'session_secret',
  'recovery_code',
  'backup_code',
  'verification_code',
  'otp',
  'two_factor',
  'ssn',
  'social_security',
  'social_security_number',
  'driver_license',
  'drivers_license',
  'passport_number',
  'national_id',
  'tax_id',
  'credit_card',
  'card_number',
  'cvv',
  'cvc',
  'bank_account',
  'account_number',
  'routing_number',
  'iban',
  'swift_code',
  'medical_record',
  'patient_id',
  'insurance_number',
]
  .map((s) => `'${s}'`)
  .join(', ');

export const LINTS: Record<string, string> = {
  // 0002: a view/materialized view in an exposed schema lets API roles read auth.users.
  auth_users_exposed: `
    select distinct c.relname::text from pg_depend d
      join pg_rewrite r on r.oid = d.objid
      join pg_class c on c.oid = r.ev_class
      join pg_namespace n on n.oid = c.relnamespace
    where d.refobjid = 'auth.users'::regclass and d.deptype = 'n' and ${EXPOSED} and ${API_CAN_SELECT}
      and (c.relkind = 'm'
           or (c.relkind = 'v' and not ${IS_INVOKER_VIEW})
           or (c.relkind = 'v' and ${IS_INVOKER_VIEW} and not (select relrowsecurity from pg_class where oid = 'auth.users'::regclass)))`,
  // 0007: policies exist but RLS is off.
  policy_exists_rls_disabled: `
    select distinct n.nspname || '.' || c.relname from pg_policy p
      join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname not in (${SYSTEM_SCHEMAS}) and not c.relrowsecurity and ${NOT_EXTENSION('c.oid')}`,
  // 0010: a view API roles can select that runs with its owner's rights.
  security_definer_view: `
    select n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'v' and ${API_CAN_SELECT} and ${EXPOSED} and not ${IS_INVOKER_VIEW} and ${NOT_EXTENSION('c.oid')}`,
  // 0011: a function whose search_path is whatever the caller's session says.
  function_search_path_mutable: `
    select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')'
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname not in (${SYSTEM_SCHEMAS}) and n.nspname not like 'pg_temp%' and ${NOT_EXTENSION('p.oid')}
      and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) cfg where cfg like 'search_path=%')`,
  // 0013: an exposed table without RLS.
  rls_disabled_in_public: `
    select n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and not c.relrowsecurity and ${API_CAN_SELECT} and ${EXPOSED}`,
  // 0015: a policy trusting user_metadata (editable by the user).
  rls_references_user_metadata: `
    select schemaname || '.' || tablename || '.' || policyname from pg_policies
    where schemaname not in (${SYSTEM_SCHEMAS})
      and (coalesce(qual, '') like '%auth.jwt()%user_metadata%' or coalesce(qual, '') like '%current_setting(%request.jwt.claims%)%user_metadata%'
        or coalesce(with_check, '') like '%auth.jwt()%user_metadata%' or coalesce(with_check, '') like '%current_setting(%request.jwt.claims%)%user_metadata%')`,
  // 0023: an exposed table without RLS holding sensitive-looking columns.
  sensitive_columns_exposed: `
    select distinct n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind = 'r' and not c.relrowsecurity and ${API_CAN_SELECT} and ${EXPOSED}
      and replace(lower(a.attname), '-', '_') in (${SENSITIVE})`,
  // 0024: a permissive write policy for API roles that is always true.
  rls_policy_always_true: `
    select p.schemaname || '.' || p.tablename || '.' || p.policyname from pg_policies p
      join pg_class c on c.relname = p.tablename join pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
    where c.relkind = 'r' and c.relrowsecurity and p.permissive = 'PERMISSIVE' and p.schemaname not in (${SYSTEM_SCHEMAS})
      and (p.roles && array['public', 'anon', 'authenticated']::name[])
      and ((p.cmd in ('UPDATE', 'DELETE', 'ALL') and (p.qual is null or replace(lower(p.qual), ' ', '') in ('true', '(true)', '1=1', '(1=1)')))
        or replace(lower(coalesce(p.with_check, '')), ' ', '') in ('true', '(true)', '1=1', '(1=1)')
        or (p.with_check is null and p.cmd = 'INSERT'))`,
  // 0028 / 0029: SECURITY DEFINER functions the API roles can execute.
  anon_security_definer_function_executable: `
    select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')'
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where p.prosecdef and has_function_privilege('anon', p.oid, 'EXECUTE') and ${EXPOSED}`,
  authenticated_security_definer_function_executable: `
    select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')'
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where p.prosecdef and has_function_privilege('authenticated', p.oid, 'EXECUTE') and ${EXPOSED}`,
  // Bucket's own least-privilege rule: anon holds nothing in public, and nobody
  // hard-deletes through the API (every replicated table is soft-deleted).
  bucket_anon_privilege: `
    select n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'v', 'm', 'S') and ${EXPOSED}
      and has_table_privilege('anon', c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE,REFERENCES,TRIGGER')
    union all
    select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')'
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where ${EXPOSED} and has_function_privilege('anon', p.oid, 'EXECUTE')`,
  // House rule (docs/architecture.md): a security-definer function resolves every name itself.
  bucket_definer_search_path_not_empty: `
    select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')'
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where p.prosecdef and n.nspname not in (${SYSTEM_SCHEMAS}) and n.nspname not like 'pg_temp%' and ${NOT_EXTENSION('p.oid')}
      and not ('search_path=""' = any (coalesce(p.proconfig, '{}')))`,
  bucket_api_hard_delete: `
    select n.nspname || '.' || c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and ${EXPOSED} and has_table_privilege('authenticated', c.oid, 'DELETE,TRUNCATE')`,
};

/** One query returning `lint|object` for every finding of every lint. */
export const lintSql =
  Object.entries(LINTS)
    .map(([name, sql]) => `select '${name}' || '|' || x from (${sql}) as f(x)`)
    .join('\nunion all\n') + ';';

/** Findings the schema keeps on purpose, each with the reason (lint|object → why). */
export const JUSTIFIED: Record<string, string> = {
  'authenticated_security_definer_function_executable|public.mediaid_app_info(p_client_id text)':
    'The consent screen names an app the signed-in user does not own: it must read developer_apps past its owner-only ' +
    'RLS, so it is security definer; it refuses anon and app tokens, answers only the name and MediaID scopes of an ' +
    "active app (a client id is public in OAuth), and has search_path = ''.",
  'authenticated_security_definer_function_executable|public.put_up_reward(p_kind text, p_title text, p_description text, p_tier integer, p_quantity integer, p_starts_on date, p_ends_on date, p_platform_pool boolean, p_codes text[], p_content_id uuid)':
    'An artist puts up a Daily Rewards offer (20261128800100): the code pool lives in private.reward_codes, which no API ' +
    "role may touch, and it queues the fill of followers' calendars (private.calendar_jobs); it refuses app tokens and non-artists, names only " +
    "the caller's own content, validates quantities, dates and codes, writes artist_id = auth.uid(), and has search_path = ''.",
  'authenticated_security_definer_function_executable|public.my_reward_offers()':
    "An artist's own reward offers with their claim counts and codes left (counted from private.reward_codes, never a code " +
    "or a fan); it refuses app tokens, takes no arguments, answers rows with artist_id = auth.uid(), and has search_path = ''.",
  'authenticated_security_definer_function_executable|public.collab_send(p_to uuid, p_title text, p_narrative text, p_timeline text, p_reach text, p_deliverables text, p_budget integer)':
    'An artist or a brand sends a collaboration proposal (20261129010000): the recipient must hold the other role, which ' +
    "only a definer can see past media_ids' owner-only RLS; every column is written by the function (none is writable " +
    "through the API), it refuses app tokens and a sender with 50 open proposals, and has search_path = ''.",
  'authenticated_security_definer_function_executable|public.collab_respond(p_id uuid, p_action text, p_budget integer, p_note text)':
    'A party answers a collaboration (accept, decline, counter, withdraw): only the party whose answer is due (the sender ' +
    "to withdraw), on an open offer, under a row lock; others get 'No such collaboration'. It refuses app tokens and has " +
    "search_path = ''.",
  'authenticated_security_definer_function_executable|public.collab_brands()':
    "Brands an artist can pitch to: ids and chosen public names of users holding the brand role (read past media_ids' and " +
    "profiles' owner-only RLS); an empty list to anyone who is not an artist; no e-mail, no other field; search_path = ''.",
  'authenticated_security_definer_function_executable|public.my_campaigns()':
    "A brand's own campaigns with aggregates only (20261129200300): reach and claims per week are counted from fans' " +
    'calendars and private.campaign_claims, which the brand cannot read, and are null under 10 fans; never a fan id, ' +
    "code holder or claim time. It refuses app tokens, takes no arguments, answers brand_id = auth.uid(), search_path = ''.",
  'authenticated_security_definer_function_executable|public.collab_deliver_campaign(p_offer uuid, p_campaign uuid)':
    'A brand delivers its own campaign through an accepted collaboration (20261129300000): it writes the link and the ' +
    "flat-fee ledger row (no API role may) and fills the artist's consenting followers' calendars, which it cannot read; " +
    "only the offer's brand, its own not-ended campaign, an accepted offer; it refuses app tokens and has search_path = ''.",
  'authenticated_security_definer_function_executable|public.my_collab_earnings()':
    "Each collaboration's ledger total for the caller (its artist or its brand): sums of collab_earnings rows with " +
    "auth.uid() in (artist_id, brand_id), never a fan; it refuses app tokens, takes no arguments, search_path = ''.",
  'authenticated_security_definer_function_executable|public.brand_campaign_analytics()':
    "A brand's dashboard figures (20261129400100): counts of impressions, claims and reported redemptions of its own " +
    'campaigns (brand_id = auth.uid(), brand role), read from tables the brand cannot read, each null under 10 fans; ' +
    "never a fan id, code or row. It refuses app tokens, takes no arguments, and has search_path = ''.",
  'authenticated_security_definer_function_executable|public.brand_artist_partnerships()':
    "A brand's top artist partnerships (20261129600000): per artist its own campaigns are delivered through " +
    '(collab_campaigns.brand_id = auth.uid(), brand role), counts of claims and sums of reported redemptions read from ' +
    'private tables the brand cannot read, reach null under 10 fans and revenue under 10 redemptions, spend from its ' +
    "own ledger rows; never a fan id, code or row. It refuses app tokens, takes no arguments, and has search_path = ''.",
  'authenticated_security_definer_function_executable|public.campaign_record_redemptions(p_campaign uuid, p_rows jsonb)':
    'A brand reports redeemed codes of its own campaign (20261129400000) into private.campaign_redemptions, which no ' +
    'API role reads: brand role and brand_id = auth.uid() required, only codes of that campaign a fan claimed count, ' +
    "idempotent per code, answers counts only; it refuses app tokens and has search_path = ''.",
  'authenticated_security_definer_function_executable|public.campaign_stop(p_campaign uuid)':
    'A brand stops its own campaign (20261130100000): it sets the server-owned stopped_at (no API role may write it) ' +
    "under the campaign's row lock and refills the calendars of fans with a future day of it, which the brand cannot " +
    "read; answers counts only. Anyone but the owner gets 'No such campaign'; it refuses app tokens and has search_path = ''.",
  'authenticated_security_definer_function_executable|public.campaign_add_codes(p_campaign uuid, p_codes text[])':
    "A brand adds codes to its own campaign (20261130100000) through the pool's triggers (cap, no codes once ended or " +
    'stopped, calendar fills queued), skipping codes already in the pool; answers counts only. Anyone but the owner gets ' +
    "'No such campaign'; it refuses app tokens and has search_path = ''.",
  'function_search_path_mutable|private.refresh_reward_calendars_in_batches(IN p_batch integer)':
    'The nightly calendar refresh commits after every batch, and PostgreSQL refuses COMMIT in a procedure with a SET ' +
    "clause; it is no definer (runs as pg_cron's owner), executable by no API role, names every object and operator " +
    "schema-qualified, and sets search_path = '' itself in each transaction it opens.",
  'function_search_path_mutable|private.run_calendar_jobs(IN p_batch integer)':
    'The calendar jobs (20261130800000) commit after every batch, and PostgreSQL refuses COMMIT in a procedure with a SET ' +
    "clause; it is no definer (runs as pg_cron's owner), executable by no API role, calls one schema-qualified function " +
    "and sets search_path = '' itself in each transaction it opens.",
  'authenticated_security_definer_function_executable|public.my_earnings()':
    "An artist's own earnings (20261129030000): sums of private.stripe_payments (the webhook's ledger, which no API role " +
    'reads) and counts of their subscriptions; it refuses app tokens and non-artists, takes no arguments, answers only ' +
    "rows with artist_id = auth.uid(), never a fan, and has search_path = ''.",
  'authenticated_security_definer_function_executable|public.developer_app_usage()':
    "The developer portal shows each own app's API calls and connected users, counted from the users' access log and " +
    'grants, which the developer cannot read; it refuses app tokens, returns counts only (never a user) for apps with ' +
    "owner_id = auth.uid(), takes no arguments, and has search_path = ''.",
};

/** Objects that trip every lint above (created in a rolled-back transaction to prove the lints fire). */
export const PLANTED_VIOLATIONS = `
  create table public.lint_plain (id int, password text);
  grant select on public.lint_plain to anon;
  create policy lint_plain_read on public.lint_plain for select using (true);
  create view public.lint_users as select id from auth.users;
  grant select on public.lint_users to authenticated;
  create function public.lint_definer() returns int language sql security definer as $$ select 1 $$;
  grant execute on function public.lint_definer() to anon, authenticated;
  create table public.lint_rls (id int);
  alter table public.lint_rls enable row level security;
  grant delete on public.lint_rls to authenticated;
  create policy lint_rls_update on public.lint_rls for update to authenticated using (true);
  create policy lint_rls_meta on public.lint_rls for select to authenticated
    using ((auth.jwt() -> 'user_metadata' ->> 'role') = 'admin');
`;
