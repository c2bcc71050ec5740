/**
 * Hosted Supabase's privileges, on Debian's PostgreSQL: `npm run check:hosted` runs this
 * file alone; `npm test` counts it with the other integration files. The stand-in
 * (tests/integration/helpers/hosted-standin.ts) applies every migration as a non-superuser
 * postgres with auth/storage/realtime owned by the platform and no default grants on public.
 * Then the paths the app, the Edge Functions and the workers use run as PostgREST, Storage and
 * Realtime run them (login `authenticator`, SET ROLE, request.jwt.claims): register-app's reads
 * and writes of developer_apps as service_role, the webhook outbox claim/record as service_role
 * (deliver-webhooks), sync_pull of every pulled collection and sync_push of profiles, MediaIDs,
 * content, follows, reactions, comments and plays, an upload's storage object, live-sync channel
 * joins, the consent screen, the developer portal, MediaID tokens and API calls (service role),
 * Auth confirming an e-mail and deleting an account (as supabase_auth_admin), and anon (refused
 * everywhere). The local backend must grant exactly the same. Fails with an install hint when
 * PostgreSQL is missing, unless BUCKET_SKIP_PG=1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Database } from '../../../supabase/local/db/database';
import { COLLECTIONS } from '../../../sync/collections';
import { storedObjectsSql } from '../../fixtures/content-items';
import { findPostgresBin, MISSING_PG_HINT, SKIP_REAL_PG as skip } from '../helpers/real-postgres';
import {
  ANON,
  requestSql,
  SERVICE,
  startHostedStandin,
  user,
  type Claims,
  type HostedStandin,
} from '../helpers/hosted-standin';

const bin = findPostgresBin();
let pg: HostedStandin | undefined;

/** Every privilege on what the migrations create (public and private), one line each. */
const ACL_SQL = `
  select string_agg(line, E'\\n' order by line) as acl from (
    select 'relation ' || c.oid::regclass::text || ' ' || coalesce(c.relacl::text, 'owner-only') as line
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'private') and c.relkind in ('r', 'v', 'm', 'S', 'p')
    union all
    select 'column ' || a.attrelid::regclass::text || '.' || a.attname || ' ' || a.attacl::text
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'private') and a.attacl is not null
    union all
    select 'function ' || p.oid::regprocedure::text || ' ' || coalesce(p.proacl::text, 'PUBLIC')
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private')
    union all
    select 'default ' || coalesce(d.defaclnamespace::regnamespace::text, '*') || ' ' || d.defaclobjtype::text || ' ' || d.defaclacl::text
    from pg_default_acl d where d.defaclrole = 'postgres'::regrole
  ) s`;

beforeAll(async () => {
  if (!bin) throw new Error(MISSING_PG_HINT);
  pg = await startHostedStandin();
}, 300_000);

afterAll(() => {
  pg?.stop();
});

const request = (claims: Claims, body: string) => pg!.request(claims, body);
const literal = (s: string) => s.replace(/'/g, "''");
/** One row through sync_push as `uid`, as the app's engine sends it; sync_push answers only the rows it did not take. */
const push = (uid: string, table: string, row: Record<string, unknown>) => {
  const out = request(
    user(uid),
    `select public.sync_push('${table}', '${literal(JSON.stringify([{ new: row, assumed: null }]))}'::jsonb);`,
  );
  expect(JSON.parse(out), `${table} push`).toEqual([]);
};

const TITLE = 'hosted privileges (postgres not a superuser, platform schemas owned by the platform, no default grants)';
describe.skipIf(skip)(TITLE, () => {
  it('migrations apply as postgres, and the local backend grants exactly what they grant there', async () => {
    const psql = pg!.psql;
    expect(psql(`select rolsuper from pg_roles where rolname = 'postgres'`)).toBe('f');
    expect(
      psql(`select string_agg(distinct n.nspname || ':' || c.relowner::regrole, ',' order by n.nspname || ':' || c.relowner::regrole)
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('auth', 'storage', 'realtime') and c.relkind = 'r'`),
    ).toBe('auth:supabase_auth_admin,realtime:supabase_realtime_admin,storage:supabase_storage_admin');

    // The embedded backend (PGlite, platform.sql's defaults) ends with the same privileges.
    const local = await Database.open();
    try {
      // PGlite is PostgreSQL 17, whose ALL on a relation includes MAINTAIN (m), unknown to 15
      const localLines = ((await local.query<{ acl: string }>(ACL_SQL)).rows[0]?.acl ?? '')
        .split('\n')
        .map((l) =>
          l.startsWith('relation ') ? l.replace(/=([A-Za-z*]*)\//g, (_m, p: string) => `=${p.replace('m', '')}/`) : l,
        );
      const hostedLines = psql(ACL_SQL).split('\n');
      expect(
        localLines.filter((l) => !hostedLines.includes(l)),
        'granted locally, not on hosted',
      ).toEqual([]);
      expect(
        hostedLines.filter((l) => !localLines.includes(l)),
        'granted on hosted, not locally',
      ).toEqual([]);
    } finally {
      await local.close();
    }
  }, 300_000);

  it('every function a CHECK or an invoker trigger calls is executable by each role that writes the table', () => {
    // CHECK constraints record their functions in pg_depend; plpgsql trigger bodies do not, so
    // their schema-qualified calls are read from the source (functions here use search_path '').
    const missing = pg!.psql(`
      with writers as (
        select c.oid as rel, r.rolname
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        cross join (values ('authenticated'), ('service_role')) r(rolname)
        where n.nspname = 'public' and c.relkind = 'r' and has_table_privilege(r.rolname, c.oid, 'INSERT,UPDATE')
      ), called as (
        select con.conrelid as rel, d.refobjid as fn, 'check ' || con.conname as via
        from pg_constraint con join pg_depend d on d.classid = 'pg_constraint'::regclass and d.objid = con.oid
          and d.refclassid = 'pg_proc'::regclass
        union
        select t.tgrelid, f.oid, 'trigger ' || t.tgname
        from pg_trigger t join pg_proc tf on tf.oid = t.tgfoid
        cross join lateral regexp_matches(tf.prosrc, '(public|private|auth)\\.([a-z_0-9]+)\\(', 'g') m
        join pg_namespace fn_ns on fn_ns.nspname = m[1]
        join pg_proc f on f.pronamespace = fn_ns.oid and f.proname = m[2]
        where not t.tgisinternal and not tf.prosecdef
      )
      select string_agg(distinct w.rolname || ' on ' || w.rel::regclass::text || ' via ' || c.via || ': ' || c.fn::regprocedure::text, E'\\n')
      from writers w join called c on c.rel = w.rel
      where not has_function_privilege(w.rolname, c.fn, 'EXECUTE')`);
    expect(missing.split('\n').filter(Boolean)).toEqual([]);
  });

  it('register-app, the webhook worker, a fan’s sync, the consent screen and an app token work there', () => {
    const psql = pg!.psql;
    const dev = randomUUID();
    const fan = randomUUID();
    const session = randomUUID();
    const clientId = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const hash = createHash('sha256').update(secret).digest('hex');

    // Auth (supabase_auth_admin): two users, the app's OAuth client, the fan's OAuth session.
    psql(
      `insert into auth.users (id, email) values ('${dev}', 'dev-${dev}@example.test'), ('${fan}', 'fan-${fan}@example.test');
       insert into auth.oauth_clients (id, client_secret_hash, registration_type, token_endpoint_auth_method, redirect_uris, grant_types, client_name)
         values ('${clientId}', '${hash}', 'manual', 'client_secret_post', 'https://cratefinder.app/callback', 'authorization_code,refresh_token', 'Crate Finder');
       insert into auth.sessions (id, user_id, oauth_client_id, scopes) values ('${session}', '${fan}', '${clientId}', 'openid email profile');`,
      'supabase_auth_admin',
    );

    // The app's sync as each user: profile and MediaID through sync_push, then a pull.
    push(dev, 'profiles', { id: dev, display_name: 'Dev' });
    push(dev, 'media_ids', { id: `${dev}|developer`, user_uuid: dev, role: 'developer', interests: ['apis'] });
    push(fan, 'profiles', { id: fan, display_name: 'Fan' });
    push(fan, 'media_ids', {
      id: `${fan}|fan`,
      user_uuid: fan,
      role: 'fan',
      interests: ['vinyl'],
      genre_preferences: ['soul'],
      privacy_settings: {
        data_sharing: true,
        location_access: true,
        audio_capture: false,
        anonymous_logging: false,
        marketing_communications: false,
      },
    });
    const pulled = JSON.parse(request(user(fan), `select public.sync_pull('media_ids', null::jsonb, 100);`)) as {
      rows?: { id: string }[];
    };
    expect(JSON.stringify(pulled)).toContain(`${fan}|fan`);

    // register-app (service_role through PostgREST): developer check, insert, regenerate, delete.
    expect(
      request(
        SERVICE,
        `select id from public.media_ids where user_uuid = '${dev}' and role = 'developer' and _deleted is false limit 1;`,
      ),
    ).toBe(`${dev}|developer`);
    const appRow = (id: string, client: string, name: string) => `
      insert into public.developer_apps (id, owner_id, name, description, client_id, client_secret_hash, client_secret_last4, redirect_uris, scopes, status)
      values ('${id}', '${dev}', '${name}', 'Finds records.', '${client}', '${hash}', '${secret.slice(-4)}',
              '{https://cratefinder.app/callback}', '{preferences:read,preferences:write,media:read,events:write,analytics:read}', 'active')
      returning name;`;
    const appId = randomUUID();
    expect(request(SERVICE, appRow(appId, clientId, 'Crate Finder'))).toBe('Crate Finder');
    expect(
      request(
        SERVICE,
        `select status from public.developer_apps where id = '${appId}' and owner_id = '${dev}' and _deleted is false;`,
      ),
    ).toBe('active');
    const newHash = createHash('sha256').update('rotated').digest('hex');
    expect(
      request(
        SERVICE,
        `update public.developer_apps set client_secret_hash = '${newHash}', client_secret_last4 = 'ated' where id = '${appId}' returning client_secret_last4;`,
      ),
    ).toBe('ated');
    const goneId = randomUUID();
    request(SERVICE, appRow(goneId, randomUUID(), 'Gone App'));
    expect(
      request(SERVICE, `update public.developer_apps set _deleted = true where id = '${goneId}' returning _deleted;`),
    ).toBe('t');

    // The developer's portal: own apps, a webhook endpoint, usage counts.
    expect(request(user(dev), `select count(*) from public.developer_apps;`)).toBe('2');
    request(
      user(dev),
      `insert into public.developer_webhooks (client_id, url) values ('${clientId}', 'https://hooks.cratefinder.app/mediaid') returning id;`,
    );

    // The fan's consent screen, then the grant.
    expect(request(user(fan), `select name from public.mediaid_app_info('${clientId}');`)).toContain('Crate Finder');
    request(
      user(fan),
      `insert into public.mediaid_grants (user_id, client_id, role, scopes)
      values ('${fan}', '${clientId}', 'fan', '{preferences:read,preferences:write,media:read,events:write,analytics:read}') returning id;`,
    );

    // register-app keeps Supabase's client secret; mediaid-token checks the app's MediaID secret,
    // then issues MediaID tokens for the session Auth's code exchange made (all service_role).
    request(SERVICE, `select public.mediaid_client_secret_store('${clientId}', '${secret}');`);
    expect(request(SERVICE, `select public.mediaid_client_secret('${clientId}', '${newHash}');`)).toBe(secret);
    const issued = JSON.parse(
      request(SERVICE, `select public.mediaid_token_exchange('${clientId}', '${fan}', '${session}');`),
    ) as { access_token: string; refresh_token: string };
    expect(issued.access_token).toMatch(/^mid_at_/);
    const refreshed = JSON.parse(
      request(SERVICE, `select public.mediaid_token_refresh('${clientId}', '${issued.refresh_token}');`),
    ) as { access_token: string };
    expect(refreshed.access_token).toMatch(/^mid_at_/);

    // The MediaID API as mediaid-api calls it (service_role, the app's MediaID token).
    const api = (call: string, body = '{}') =>
      request(SERVICE, `select public.mediaid_call('${refreshed.access_token}', '${call}', '${body}'::jsonb);`);
    expect(api('users_me')).toContain(fan);
    expect(api('get_preferences')).toContain('soul');
    expect(api('put_preferences', '{"genre_preferences":["ambient","dub"]}')).toContain('ambient');
    expect(api('post_event', '{"event_type":"track_played"}')).toBeTruthy();
    expect(api('get_analytics')).toBeTruthy();
    expect(
      request(user(dev), `select api_calls_30d from public.developer_app_usage() where client_id = '${clientId}';`),
    ).not.toBe('0');

    // deliver-webhooks (service_role): claim the preference.updated message, record its delivery.
    const claimed = request(SERVICE, `select id || ' ' || event_type from public.webhook_outbox_claim(10, 60);`).split(
      '\n',
    );
    expect(claimed.some((l) => l.endsWith(' preference.updated'))).toBe(true);
    for (const line of claimed)
      request(SERVICE, `select public.webhook_outbox_record('${line.split(' ')[0]}', 200, null);`);
    expect(psql(`select count(*) from public.webhook_outbox where delivered_at is null`)).toBe('0');

    // The fan revokes; the app's next call is refused, the revocation is queued for delivery.
    request(
      user(fan),
      `update public.mediaid_grants set revoked_at = now() where user_id = '${fan}' and client_id = '${clientId}';`,
    );
    expect(() => api('users_me')).toThrow(/invalid_token/);
    expect(request(SERVICE, `select event_type from public.webhook_outbox_claim(10, 60);`)).toBe('permission.revoked');

    // anon holds nothing on what the migrations made.
    expect(
      psql(`select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'private') and c.relkind in ('r', 'v', 'm', 'S', 'p')
        and has_table_privilege('anon', c.oid, 'SELECT,INSERT,UPDATE,DELETE,TRUNCATE,REFERENCES,TRIGGER')`),
    ).toBe('0');
    expect(
      psql(`select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private') and has_function_privilege('anon', p.oid, 'EXECUTE')`),
    ).toBe('0');
  });
  it('payments work there: an artist prices tiers, the payment functions (service role) record a paid tier', () => {
    const psql = pg!.psql;
    const artist = randomUUID();
    const fan = randomUUID();
    psql(
      `insert into auth.users (id, email) values ('${artist}', 'a-${artist}@example.test'), ('${fan}', 'f-${fan}@example.test');`,
      'supabase_auth_admin',
    );
    push(artist, 'profiles', { id: artist, display_name: 'Nova' });
    push(artist, 'media_ids', { id: `${artist}|artist`, user_uuid: artist, role: 'artist', interests: ['synths'] });
    // the artist through PostgREST (authenticated): own tiers, Stripe ids left to the server
    expect(
      request(
        user(artist),
        `insert into public.artist_tiers (artist_id, level, name, price) values ('${artist}', 2, 'Insider', 10) returning id;`,
      ),
    ).toBe(`${artist}|2`);
    // create-checkout (service_role): read the price, store the Stripe ids and the customer
    expect(request(SERVICE, `select price from public.artist_tiers where id = '${artist}|2';`)).toBe('10');
    expect(
      request(
        SERVICE,
        `update public.artist_tiers set stripe_product_id = 'prod_1', stripe_price_id = 'price_1' where id = '${artist}|2' and price = 10 returning stripe_price_id;`,
      ),
    ).toBe('price_1');
    expect(
      request(
        SERVICE,
        `insert into public.stripe_customers (user_id, customer_id) values ('${fan}', 'cus_1') returning customer_id;`,
      ),
    ).toBe('cus_1');
    // stripe-webhook (service_role): the event and the state, then the same event again
    const apply = `select public.stripe_apply_subscription('evt_1', 'customer.subscription.created', '${fan}', '${artist}', 'tier2', 10,
      'sub_1', 'active', now() + interval '30 days', false, now());`;
    expect(request(SERVICE, apply)).toBe('applied');
    expect(request(SERVICE, apply)).toBe('duplicate');
    // the fan reads their own tier; the bookkeeping is not theirs to read
    expect(
      request(
        user(fan),
        `select tier || ' ' || stripe_status from public.subscriptions where artist_id = '${artist}';`,
      ),
    ).toBe('tier2 active');
    expect(() => request(user(fan), `select count(*) from public.stripe_events;`)).toThrow();
    // a failed renewal inside its grace (past_due since Stripe's invoice time) holds the tier
    expect(
      request(
        SERVICE,
        `select public.stripe_apply_subscription('evt_2', 'invoice.payment_failed', '${fan}', '${artist}', 'tier2', 10,
          'sub_1', 'past_due', now() + interval '30 days', false, now(), now() - interval '1 day');`,
      ),
    ).toBe('applied');
    expect(request(user(fan), `select public.my_tier_for_artist('${artist}');`)).toBe('2');
    // the ledger records the paid invoice; a full refund of that charge ends the tier
    expect(
      request(
        SERVICE,
        `select public.stripe_record_payment('ch_1', 'in_1', 'sub_1', '${fan}', '${artist}', 2, 1000, 59, 'usd', now());`,
      ),
    ).toBe('recorded');
    expect(request(SERVICE, `select public.stripe_end_access('ch_1', 'refunded');`)).toBe('sub_1');
    expect(
      request(
        user(fan),
        `select tier || ' ' || access_ended_reason from public.subscriptions where artist_id = '${artist}';`,
      ),
    ).toBe('free refunded');
    expect(request(user(fan), `select public.my_tier_for_artist('${artist}');`)).toBe('0');
  });

  it('an artist’s upload and release, a fan’s follow, comment, reaction and play, every pull and the live-sync joins work there', () => {
    const psql = pg!.psql;
    const artist = randomUUID();
    const fan = randomUUID();
    psql(
      `insert into auth.users (id, email) values ('${artist}', 'artist-${artist}@example.test'), ('${fan}', 'fan-${fan}@example.test');`,
      'supabase_auth_admin',
    );

    // The artist: public name, MediaID, then an upload (Storage inserts the object as the user) and its row.
    push(artist, 'profiles', { id: artist, display_name: 'Nova Static' });
    push(artist, 'media_ids', { id: `${artist}|artist`, user_uuid: artist, role: 'artist', interests: ['synths'] });
    const path = `${artist}/1700000000000-first-light.mp3`;
    request(user(artist), storedObjectsSql([{ path, size: 1234, mimetype: 'audio/mpeg' }], { checks: false }));
    expect(
      request(user(artist), `select count(*) from storage.objects where bucket_id = 'content' and name = '${path}';`),
    ).toBe('1');
    // verify-upload (service_role through PostgREST) records its verdict on the stored bytes.
    expect(
      request(
        SERVICE,
        `select public.record_upload_check('${path}', (select version from storage.objects where bucket_id = 'content' and name = '${path}'),
           true, 'audio/mpeg', 1234, 'MP3 audio');`,
      ),
    ).toBe('t');
    const itemId = randomUUID();
    push(artist, 'content_items', {
      id: itemId,
      artist_id: artist,
      title: 'First Light',
      description: 'A release.',
      file_path: path,
      file_type: 'audio/mpeg',
      file_size: 1234,
      metadata: {},
      is_public: true,
    });

    // The fan: follow on the free tier, comment on and react to the release, log a play.
    push(fan, 'profiles', { id: fan, display_name: 'Fan' });
    push(fan, 'subscriptions', {
      id: `${fan}|${artist}`,
      fan_id: fan,
      artist_id: artist,
      artist_name: '',
      tier: 'free',
      price: 0,
    });
    push(fan, 'locker_comments', { id: randomUUID(), fan_id: fan, item_id: itemId, body: 'Lovely.' });
    push(fan, 'media_engagement_log', { id: randomUUID(), user_id: fan, event_type: 'track_played', metadata: {} });
    push(fan, 'locker_interactions', {
      id: `${fan}|${itemId}`,
      fan_id: fan,
      item_id: itemId,
      reaction: 'heart',
      saved: true,
    });

    // Every collection the engine pulls, as each user (sync_pull runs as the caller, under RLS).
    const pulled = (uid: string, collection: string) =>
      request(user(uid), `select public.sync_pull('${collection}', null::jsonb, 100);`);
    for (const [name, def] of Object.entries(COLLECTIONS)) {
      if (!def.replication.pull) continue;
      for (const uid of [fan, artist]) expect(() => pulled(uid, name), `${name} pull`).not.toThrow();
    }
    expect(pulled(fan, 'followed_content')).toContain(itemId);
    expect(pulled(fan, 'followed_content')).toContain('"title": "First Light"');
    expect(pulled(fan, 'locker_interactions')).toContain('heart');
    expect(pulled(artist, 'content_items')).toContain(itemId);

    // Storage as the fan: the released object is readable (download, signed URL), the artist's folder not writable.
    expect(
      request(user(fan), `select count(*) from storage.objects where bucket_id = 'content' and name = '${path}';`),
    ).toBe('1');
    expect(() => request(user(fan), storedObjectsSql([`${artist}/planted.mp3`], { checks: false }))).toThrow(
      /row-level security/,
    );

    // Live sync: Realtime Authorization reads a probe row of the topic as the caller (one rolled-back transaction).
    const mayJoin = (uid: string, topic: string) => {
      const probe = randomUUID();
      return psql(`begin;
        insert into realtime.messages (id, topic, extension, private) values ('${probe}', '${topic}', 'broadcast', true);
        set local "realtime.topic" to '${topic}';
        ${requestSql(user(uid), `select count(*) from realtime.messages where id = '${probe}';`, 'rollback').replace('begin;\n', '')}`);
    };
    expect(mayJoin(fan, `user:${fan}`)).toBe('1');
    expect(mayJoin(fan, `artist:${artist}`)).toBe('1');
    expect(mayJoin(fan, 'everyone')).toBe('1');
    expect(mayJoin(fan, `user:${artist}`)).toBe('0');
    // the writes above told the topics (realtime.send from security-definer triggers, as postgres)
    expect(psql(`select count(*) from realtime.messages where topic in ('user:${fan}', 'artist:${artist}')`)).not.toBe(
      '0',
    );

    // Auth's own writes (as supabase_auth_admin): a confirmed e-mail reaches the profile's
    // trigger, and deleting an account cascades through every table that names it.
    psql(`update auth.users set email_confirmed_at = now() where id = '${fan}';`, 'supabase_auth_admin');
    psql(`delete from auth.users where id = '${artist}';`, 'supabase_auth_admin');
    expect(psql(`select count(*) from public.content_items where artist_id = '${artist}'`)).toBe('0');
    expect(pulled(fan, 'followed_content')).not.toContain(`"title": "First Light"`);

    // anon (the app before sign-in) reaches nothing the migrations made.
    expect(() => request(ANON, `select public.sync_pull('content_items', '0', '', 1);`)).toThrow(/permission denied/);
    expect(() => request(ANON, `select public.sync_pull('content_items', null::jsonb, 1);`)).toThrow(
      /permission denied/,
    );
    expect(() => request(ANON, `select count(*) from public.content_items;`)).toThrow(/permission denied/);
  });
});
