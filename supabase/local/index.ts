/**
 * In-process API of the embedded local Supabase backend.
 * Invariants: startLocalBackend() resolves only when the schema is applied and the port is
 * listening; omitting dataDir gives a throw-away in-memory database and a temp file area
 * removed on stop(); stop() finishes in-flight requests, then closes PGlite (flushing a
 * persisted database to disk) — committed data is never lost.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Database } from './db/database';
import { JwtKeys } from './auth/jwt';
import { Mailer, type LocalEmail } from './auth/mail';
import { AuthService } from './auth/service';
import { AuthApi } from './auth/routes';
import { loadAuthConfig, readConfigToml, type AuthRateLimits, type OAuthServerConfig } from './auth/config';
import { AuthLimiter } from './auth/ratelimit';
import { RedirectPolicy } from './auth/redirect';
import { RestApi } from './rest/routes';
import { ObjectStore } from './storage/store';
import { StorageApi } from './storage/routes';
import { DEFAULT_SIGNED_URL_MAX_EXPIRY_S } from './storage/signed';
import { createTusServer } from './storage/tus';
import { createHttpServer } from './http/server';
import { restErrors, restService } from './rest/service';
import { authServices } from './auth/gateway';
import { storageService, tusService } from './storage/service';
import { realtimeService } from './realtime/gateway';
import { FunctionsApi, functionsService } from './functions/index';
import { LiveDispatcher, type LiveDispatchOptions } from './realtime/live-dispatch';
import { CalendarJobs, type CalendarJobOptions } from './db/calendar-jobs';
import { RealtimeServer, resolveQuota, type RealtimeOptions, type RealtimeStats } from './realtime/server';
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from './keys';
import { WebhookWorker, type WebhookOptions } from './webhooks/delivery';
import type { Attempt } from '../functions/deliver-webhooks/handler.ts';
import { sweep as sweepUploads } from '../functions/verify-upload/handler.ts';

export { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from './keys';
export type { LocalEmail } from './auth/mail';
export { HARNESS_RATE_LIMITS, type AuthRateLimits, type OAuthServerConfig } from './auth/config';
export type { RealtimeOptions, RealtimeStats } from './realtime/server';
export type { WebhookOptions } from './webhooks/delivery';
export type { Attempt as WebhookAttempt } from '../functions/deliver-webhooks/handler.ts';

export interface LocalBackendOptions {
  /** 0 = any free port; default 54321 */
  port?: number;
  /** default 127.0.0.1 */
  host?: string;
  /** PGlite data directory (persisted); omit for in-memory */
  dataDir?: string;
  /** start from this database dump (`Database.dump()`; tests: one migrated database per run) */
  snapshot?: Blob;
  /** TUS upload URL lifetime; default 24 h */
  uploadUrlExpiryMs?: number;
  /** require e-mail confirmation before sign-in; default false (Supabase CLI default) */
  emailConfirm?: boolean;
  /** no console output (mails, errors) */
  quiet?: boolean;
  /** access-token lifetime in seconds; default 3600 */
  jwtExpirySeconds?: number;
  /** where auth links land when no redirect is given; default: config.toml's site_url */
  siteUrl?: string;
  /** auth rate limits; each omitted field comes from supabase/config.toml (see auth/config.ts) */
  rateLimits?: Partial<AuthRateLimits>;
  /** the backend's public base URL (TUS `Location`, links); default the listening URL */
  publicUrl?: string;
  /** longest `expiresIn` of a signed download URL, seconds; default 7 days (storage/signed.ts) */
  signedUrlMaxExpirySeconds?: number;
  /** Realtime limits: per-client send cap, idle timeout */
  realtime?: RealtimeOptions;
  /** the OAuth server ([auth.oauth_server] of config.toml); each omitted field comes from the file */
  oauthServer?: Partial<OAuthServerConfig>;
  /**
   * Tests only: the clock of OAuth authorization/code expiry and of the refresh-token reuse
   * window (milliseconds since the epoch); JWT iat/exp stay on the real clock. Default Date.now.
   */
  clock?: () => number;
  /** the webhook delivery worker (hosted: pg_cron + the deliver-webhooks Edge Function); default off */
  webhooks?: WebhookOptions;
  /** the live fan-out dispatcher (hosted: pg_cron every second); default on, every second */
  liveDispatch?: LiveDispatchOptions;
  /** calendar fills queued by campaigns and rewards (hosted: pg_cron every 10 s); default on, every second */
  calendarJobs?: CalendarJobOptions;
  /**
   * The payment functions' Stripe secrets (hosted: `supabase secrets set`): real Stripe test mode,
   * or the local Stripe edge (supabase/local/stripe) through apiUrl. Omitted: payments answer 503.
   */
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
}

export interface LocalBackend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** the cap on a signed download URL's `expiresIn`, seconds */
  signedUrlMaxExpirySeconds: number;
  inbox(): LocalEmail[];
  /** Forgets every auth rate-limit bucket (tests only). */
  resetRateLimits(): void;
  /** Runs SQL as the database superuser (tests only). */
  // Rows of arbitrary SQL have no static shape; tests assert on them directly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(sql: string, params?: unknown[]): Promise<{ rows: any[] }>;
  /** Realtime introspection (tests, bench): counts, and a wait until committed changes are routed. */
  realtime: { stats(): RealtimeStats; flush(): Promise<void> };
  /** Runs one webhook delivery pass now (whether or not the worker is enabled). */
  webhooks: { deliverNow(): Promise<Attempt[]> };
  /** verify-upload's sweep now: every live row's object without a verdict is checked (run at start when dataDir is set) */
  verifyUploads(): Promise<{ checked: number; passed: number; refused: number }>;
  /** The live fan-out dispatcher: one pass now (messages sent), and the total sent so far. */
  liveDispatch: { runNow(): Promise<number>; sent(): number };
  /** Calendar jobs: every job queued so far run to its end (fans filled by the pass). */
  calendarJobs: { runNow(): Promise<number> };
  stop(): Promise<void>;
}

export async function startLocalBackend(opts: LocalBackendOptions = {}): Promise<LocalBackend> {
  const host = opts.host ?? '127.0.0.1';
  const signedUrlMaxExpirySeconds = opts.signedUrlMaxExpirySeconds ?? DEFAULT_SIGNED_URL_MAX_EXPIRY_S;
  if (!Number.isSafeInteger(signedUrlMaxExpirySeconds) || signedUrlMaxExpirySeconds < 1) {
    throw new Error(
      `signedUrlMaxExpirySeconds must be a whole number of seconds >= 1, got ${opts.signedUrlMaxExpirySeconds}`,
    );
  }
  const quiet = opts.quiet ?? false;
  const dataDir = opts.dataDir ? resolve(opts.dataDir) : undefined;
  const db = await Database.open(dataDir ? join(dataDir, 'pg') : undefined, undefined, opts.snapshot);
  const fileRoot = dataDir ? join(dataDir, 'storage') : mkdtempSync(join(tmpdir(), 'bucket-local-storage-'));

  let url = '';
  const publicUrl = (): string => opts.publicUrl?.replace(/\/+$/, '') || url;
  const keys = new JwtKeys(LOCAL_JWT_SECRET);
  const mailer = new Mailer(quiet);
  const authConfig = loadAuthConfig();
  const jwtExpirySeconds = opts.jwtExpirySeconds ?? authConfig.jwtExpirySeconds;
  const now = opts.clock ?? Date.now;
  const issuer = (): string => `${publicUrl()}/auth/v1`;
  const authService = new AuthService(db, keys, issuer, jwtExpirySeconds, authConfig.otpExpirySeconds * 1000, now);
  const limiter = new AuthLimiter({ ...authConfig.rateLimits, ...opts.rateLimits });
  const auth = new AuthApi({
    db,
    keys,
    service: authService,
    mailer,
    limiter,
    redirects: new RedirectPolicy(opts.siteUrl ?? authConfig.siteUrl, authConfig.additionalRedirectUrls),
    settings: {
      emailConfirm: opts.emailConfirm ?? authConfig.emailConfirm,
      enableSignup: authConfig.enableSignup,
      doubleConfirmChanges: authConfig.doubleConfirmChanges,
      minimumPasswordLength: authConfig.minimumPasswordLength,
    },
    publicUrl,
    issuer,
    oauth: { ...authConfig.oauthServer, ...opts.oauthServer },
    now,
  });
  const rest = new RestApi(db);
  await rest.catalog.load();
  const store = new ObjectStore(db, fileRoot);
  const storage = new StorageApi(db, store, keys, { signedUrlMaxExpirySeconds });
  const { server: tus, datastore } = createTusServer({
    store,
    keys,
    expiryMs: opts.uploadUrlExpiryMs ?? 24 * 3600_000,
    publicUrl,
  });
  const realtime = new RealtimeServer(db, keys, quiet, opts.realtime);
  const functions = new FunctionsApi(
    keys,
    () => ({
      SUPABASE_URL: url,
      SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
      STRIPE_SECRET_KEY: opts.stripe?.secretKey ?? '',
      STRIPE_WEBHOOK_SECRET: opts.stripe?.webhookSecret ?? '',
      STRIPE_API_URL: opts.stripe?.apiUrl ?? '',
    }),
    quiet,
    readConfigToml(),
  );
  const http = createHttpServer({
    services: [
      restService(rest, keys),
      ...authServices(auth, keys),
      storageService(storage, keys),
      tusService(tus),
      realtimeService(realtime.rest),
      functionsService(functions, restErrors),
    ],
    fallbackErrors: restErrors,
    mailer,
    quiet,
  });

  try {
    await realtime.start(http.server);
    await new Promise<void>((ok, fail) => {
      http.server.once('error', fail);
      http.server.listen(opts.port ?? 54321, host, () => ok());
    });
  } catch (e) {
    await realtime.stop().catch(() => undefined);
    await db.close();
    throw e;
  }
  const port = (http.server.address() as AddressInfo).port;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const sweep = setInterval(() => void datastore.deleteExpired().catch(() => undefined), 60_000);
  sweep.unref();
  const webhooks = new WebhookWorker(
    () => url,
    LOCAL_SERVICE_ROLE_KEY,
    opts.webhooks ?? {},
    (e) => {
      if (!quiet) console.error('[webhooks] delivery pass failed:', e);
    },
  );
  if (opts.webhooks?.enabled) webhooks.start();
  const dispatcher = new LiveDispatcher(db, opts.liveDispatch ?? {}, (e) => {
    if (!quiet) console.error('[local backend] live dispatch failed:', e);
  });
  const calendarJobs = new CalendarJobs(db, opts.calendarJobs ?? {}, (e) => {
    if (!quiet) console.error('[local backend] calendar jobs failed:', e);
  });
  calendarJobs.start();
  try {
    await dispatcher.start(resolveQuota(opts.realtime ?? {}).messagesPerSecond);
  } catch (e) {
    await calendarJobs.stop();
    await webhooks.stop();
    clearInterval(sweep);
    await realtime.stop().catch(() => undefined);
    await http.stop();
    await db.close();
    throw e;
  }
  const functionEnv = () => ({
    SUPABASE_URL: url,
    SUPABASE_ANON_KEY: LOCAL_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
  });
  // Kept data may hold rows written before uploads were verified (or before their check ran).
  const startSweep = dataDir
    ? sweepUploads(functionEnv()).catch((e: unknown) => {
        if (!quiet) console.error('[verify-upload] sweep failed:', e);
      })
    : Promise.resolve();

  let stopped: Promise<void> | undefined;
  return {
    url,
    anonKey: LOCAL_ANON_KEY,
    serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
    jwtSecret: LOCAL_JWT_SECRET,
    signedUrlMaxExpirySeconds,
    inbox: () => mailer.inbox(),
    resetRateLimits: () => limiter.reset(),
    query: (sql, params) => db.query(sql, params ?? []),
    realtime: { stats: () => realtime.stats(), flush: () => realtime.flush() },
    webhooks: { deliverNow: () => webhooks.runOnce() },
    verifyUploads: () => sweepUploads(functionEnv()),
    liveDispatch: { runNow: () => dispatcher.runOnce(), sent: () => dispatcher.sent },
    calendarJobs: { runNow: () => calendarJobs.runNow() },
    stop: () =>
      (stopped ??= (async () => {
        clearInterval(sweep);
        await startSweep;
        await dispatcher.stop();
        await calendarJobs.stop();
        await webhooks.stop(); // first: an interrupted send is still recorded through REST
        await realtime.stop();
        await http.stop();
        await db.close();
        if (!dataDir) removeTempFiles(fileRoot, store.tusDir);
      })()),
  };
}

/**
 * Removes a temporary backend's files now and its two directories when the process exits: tus's
 * FileStore creates its directory from its constructor without awaiting it (fs.mkdir with a
 * callback that throws), so removing that directory while the call may still be queued on a busy
 * thread pool ends the process with an unhandled ENOENT. An empty directory left until exit is harmless.
 */
function removeTempFiles(root: string, tusDir: string): void {
  for (const entry of readdirSync(root)) {
    const path = join(root, entry);
    if (path === tusDir)
      for (const upload of readdirSync(path)) rmSync(join(path, upload), { recursive: true, force: true });
    else rmSync(path, { recursive: true, force: true });
  }
  if (leftRoots.size === 0)
    process.once('exit', () => leftRoots.forEach((r) => rmSync(r, { recursive: true, force: true })));
  leftRoots.add(root);
}
const leftRoots = new Set<string>();
