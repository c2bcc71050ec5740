/**
 * Webhook delivery of the local Stripe edge, signed exactly as Stripe signs:
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the whsec secret>`.
 * Invariants: events go out one at a time in creation order; a non-2xx answer or a network error
 * is retried (1 s, 5 s, 30 s, then given up and logged), as Stripe retries with backoff; the
 * payload sent is the event's JSON, byte for byte the one signed.
 */
import { createHmac } from 'node:crypto';
import type { Obj } from './store';

export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const RETRY_MS = [1_000, 5_000, 30_000];

export class WebhookSender {
  private queue: Obj[] = [];
  private running: Promise<void> | undefined;
  private stopped = false;
  readonly delivered: { id: string; type: string; status: number }[] = [];

  constructor(
    private readonly endpoint: () => string | undefined,
    private readonly secret: string,
    private readonly quiet: boolean,
  ) {}

  send(event: Obj): void {
    this.queue.push(event);
    this.running ??= this.drain().finally(() => (this.running = undefined));
  }

  /** Resolves when every queued event was delivered or given up (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  stop(): void {
    this.stopped = true;
  }

  private async drain(): Promise<void> {
    while (this.queue.length && !this.stopped) {
      const event = this.queue.shift()!;
      const url = this.endpoint();
      if (!url) continue;
      const payload = JSON.stringify(event, null, 2);
      for (let attempt = 0; attempt <= RETRY_MS.length && !this.stopped; attempt += 1) {
        let status = 0;
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              'Stripe-Signature': signatureHeader(payload, this.secret),
              'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            },
            body: payload,
          });
          status = res.status;
          await res.arrayBuffer();
        } catch {
          status = 0;
        }
        this.delivered.push({ id: event.id, type: String(event.type), status });
        if (status >= 200 && status < 300) break;
        if (attempt === RETRY_MS.length) {
          if (!this.quiet)
            console.error(
              `[local stripe] gave up delivering ${event.id} (${String(event.type)}): last status ${status}`,
            );
          break;
        }
        await new Promise((r) => setTimeout(r, RETRY_MS[attempt]));
      }
    }
  }
}
