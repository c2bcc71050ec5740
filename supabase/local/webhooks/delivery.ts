/**
 * The local backend's webhook worker: runs the hosted Edge Function's handler
 * (supabase/functions/deliver-webhooks/handler.ts) on an interval instead of pg_cron.
 * Loopback endpoints are called (a developer's own receiver), except on Bucket's own ports: this
 * backend's, the app's (4173) and Vite's dev server's (5173).
 * Invariants: it reaches the outbox only through the backend's own REST API with the service
 * role (claim and record are separate requests), so PGlite's single connection is never held
 * while an endpoint is waited on; one pass at a time; stop() aborts in-flight sends (they are
 * recorded as interrupted, to be retried) and resolves once the running pass has ended.
 */
import { Webhook } from 'standardwebhooks';
import {
  deliverDue,
  restOutbox,
  type Attempt,
  type Resolver,
  type Signer,
} from '../../functions/deliver-webhooks/handler.ts';
import { pinnedTransport, systemResolver } from './transport';
import { Periodic } from '../db/periodic';

/** The app under `npm start` / `vite preview` and Vite's dev server. */
export const APP_PORTS = [4173, 5173];

export interface WebhookOptions {
  /** run the worker; default false for startLocalBackend, on for `npm run backend` / `npm start` */
  enabled?: boolean;
  /** pause between passes, ms; default 1000 */
  intervalMs?: number;
  /** per send, ms; default 10 000 */
  timeoutMs?: number;
  /** tests only: a name server of the test's own (default: the system resolver) */
  resolve?: Resolver;
}

export const signWithStandardWebhooks: Signer = (secret, msgId, at, body) => new Webhook(secret).sign(msgId, at, body);

export class WebhookWorker {
  private readonly abort = new AbortController();
  private readonly periodic: Periodic<Attempt[]>;

  constructor(
    private readonly url: () => string,
    private readonly serviceRoleKey: string,
    private readonly opts: WebhookOptions,
    onError: (e: unknown) => void,
  ) {
    this.periodic = new Periodic(() => this.deliver(), opts.intervalMs ?? 1000, onError);
  }

  start(): void {
    this.periodic.start();
  }

  /** One pass now (or joins the running one): what was attempted. */
  runOnce(): Promise<Attempt[]> {
    return this.periodic.runOnce();
  }

  async stop(): Promise<void> {
    const stopping = this.periodic.stop();
    this.abort.abort();
    await stopping;
  }

  private deliver(): Promise<Attempt[]> {
    return deliverDue({
      store: restOutbox(this.url(), this.serviceRoleKey),
      sign: signWithStandardWebhooks,
      resolve: this.opts.resolve ?? systemResolver,
      send: pinnedTransport,
      loopback: { refusedPorts: [Number(new URL(this.url()).port), ...APP_PORTS] },
      timeoutMs: this.opts.timeoutMs,
      pollMs: Math.min(this.opts.intervalMs ?? 1000, 1000),
      signal: this.abort.signal,
    });
  }
}
