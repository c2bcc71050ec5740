/**
 * `npm run backend`: the local Supabase on http://127.0.0.1:54321, data in .local/.
 * Invariants: prints the URL and the well-known keys once listening; SIGINT/SIGTERM stop
 * the server gracefully (in-flight requests finish, PGlite flushes) before exiting.
 */
import { startLocalBackend, HARNESS_RATE_LIMITS } from './index';
import { planFromEnv, PLAN_QUOTAS } from './realtime/quota';
import { startStripeEdge, type StripeEdge } from './stripe/index';

const port = Number(process.env.BUCKET_BACKEND_PORT ?? 54321);
const dataDir = process.env.BUCKET_BACKEND_DATA ?? '.local/db';
// test harnesses (npm start --e2e) lift the per-IP auth limits: every test comes from 127.0.0.1
const harness = process.env.BUCKET_AUTH_RATE_LIMITS === 'harness';
// longest signed download URL in seconds (supabase/local/README.md, "Local-only endpoints and limits")
const signedMax = process.env.BUCKET_SIGNED_URL_MAX_EXPIRY;
// webhook delivery (hosted: pg_cron + the deliver-webhooks Edge Function); BUCKET_WEBHOOKS=off stops it
const webhooksOn = process.env.BUCKET_WEBHOOKS !== 'off';
// hosted Realtime's per-project quotas of this plan (supabase/local/README.md, "Realtime"); default pro
const realtimePlan = planFromEnv(process.env.REALTIME_PLAN) ?? 'pro';
// Payments: real Stripe test mode when STRIPE_SECRET_KEY is set (webhooks through `stripe listen`),
// otherwise the local Stripe edge beside the backend (supabase/local/stripe, BUCKET_STRIPE_PORT)
const realStripe = process.env.STRIPE_SECRET_KEY;
const stripePort = Number(process.env.BUCKET_STRIPE_PORT ?? 12111);
const started = Date.now();
const edge: StripeEdge | undefined = realStripe
  ? undefined
  : await startStripeEdge({ port: stripePort, file: `${dataDir}/stripe.json` });
const backend = await startLocalBackend({
  port,
  dataDir,
  rateLimits: harness ? HARNESS_RATE_LIMITS : undefined,
  signedUrlMaxExpirySeconds: signedMax ? Number(signedMax) : undefined,
  webhooks: { enabled: webhooksOn },
  realtime: { plan: realtimePlan },
  stripe: edge
    ? { secretKey: edge.secretKey, webhookSecret: edge.webhookSecret, apiUrl: edge.url }
    : {
        secretKey: realStripe ?? '',
        webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? '',
        apiUrl: process.env.STRIPE_API_URL,
      },
});
edge?.setWebhookUrl(`${backend.url}/functions/v1/stripe-webhook`);
const quota = PLAN_QUOTAS[realtimePlan];
console.log(`
Bucket local Supabase is running (${Date.now() - started} ms)
  API URL:          ${backend.url}
  REST:             ${backend.url}/rest/v1
  Auth:             ${backend.url}/auth/v1
  Storage:          ${backend.url}/storage/v1  (TUS: /storage/v1/upload/resumable)
  Inbox:            ${backend.url}/__local/inbox  (this machine only; not readable by web pages)
  Signed URLs:      expiresIn at most ${backend.signedUrlMaxExpirySeconds} s (BUCKET_SIGNED_URL_MAX_EXPIRY)
  Realtime quota:   ${realtimePlan} plan: ${quota.messagesPerSecond} messages/s, ${quota.joinsPerSecond} joins/s, ${quota.concurrentConnections} sockets (REALTIME_PLAN=free|pro|unlimited)
  Stripe:           ${edge ? `local Stripe edge ${edge.url} (test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined)` : 'Stripe test mode (STRIPE_SECRET_KEY); forward webhooks with `stripe listen --forward-to ' + backend.url + '/functions/v1/stripe-webhook`'}
  Webhooks:         ${webhooksOn ? 'delivered every second (BUCKET_WEBHOOKS=off stops it)' : 'not delivered (BUCKET_WEBHOOKS=off)'}
  Auth rate limits: ${harness ? 'per-IP limits lifted for tests (BUCKET_AUTH_RATE_LIMITS=harness)' : 'supabase/config.toml [auth.rate_limit]'}
  Data:             ${dataDir}
  JWT secret:       ${backend.jwtSecret}
  anon key:         ${backend.anonKey}
  service_role key: ${backend.serviceRoleKey}
`);

let stopping = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${sig} received, stopping the local backend...`);
    Promise.all([backend.stop(), edge?.stop()]).then(
      () => process.exit(0),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
}
