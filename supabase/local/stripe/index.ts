/**
 * The local Stripe edge: a test double at Stripe's edge for machines with no Stripe account.
 * Serves the subset of Stripe's HTTP API the Edge Functions use (api.ts) to the official `stripe`
 * SDK through its host/port/protocol options, the hosted Checkout and Customer Portal pages
 * (pages.ts), and sends signed webhook events to the stripe-webhook function (webhooks.ts).
 * Invariants: every /v1 request needs `Authorization: Bearer <the secret key>` (Stripe's 401
 * otherwise); a POST with an Idempotency-Key answers its first response again; nothing in the
 * app or the functions knows this server exists — only configuration points at it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { route, type ApiContext } from './api';
import { Billing, DECLINED } from './billing';
import { StripeFail } from './errors';
import { decodeForm } from './form';
import { checkoutPage, portalPage } from './pages';
import { StripeStore, type Obj } from './store';
import { WebhookSender } from './webhooks';

export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_bucket_local_edge';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_bucket_local_edge';

export interface StripeEdgeOptions {
  /** default 12111; 0 = any free port */
  port?: number;
  host?: string;
  /** where the state is kept (JSON); omit for in-memory */
  file?: string;
  /** the stripe-webhook function's URL; can be set later (tests start the backend after) */
  webhookUrl?: string;
  secretKey?: string;
  webhookSecret?: string;
  quiet?: boolean;
}

export interface StripeEdge {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  setWebhookUrl(url: string): void;
  /** resolves when every queued webhook was delivered or given up */
  webhooksIdle(): Promise<void>;
  delivered(): { id: string; type: string; status: number }[];
  stop(): Promise<void>;
}

const readAll = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

export async function startStripeEdge(opts: StripeEdgeOptions = {}): Promise<StripeEdge> {
  const secretKey = opts.secretKey ?? LOCAL_STRIPE_SECRET_KEY;
  const webhookSecret = opts.webhookSecret ?? LOCAL_STRIPE_WEBHOOK_SECRET;
  let webhookUrl = opts.webhookUrl;
  let baseUrl = '';
  const store = new StripeStore(opts.file);
  const sender = new WebhookSender(() => webhookUrl, webhookSecret, opts.quiet ?? false);
  const emit = (type: string, object: Obj, previous?: Record<string, unknown>): void => {
    const created = typeof object.customer === 'string' ? billing.now(object.customer) : Math.floor(Date.now() / 1000);
    const data: Record<string, unknown> = { object: structuredClone(object) };
    if (previous) data.previous_attributes = previous;
    const event = store.create('event', {
      api_version: Stripe.API_VERSION,
      created,
      data,
      type,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    sender.send(event);
  };
  const billing = new Billing(store, emit);
  const ctx: ApiContext = { store, billing, baseUrl: () => baseUrl };

  async function api(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Stripe-Version': Stripe.API_VERSION,
        'Request-Id': `req_local_${Date.now()}`,
      });
      res.end(JSON.stringify(body));
    };
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token !== secretKey) {
      return json(
        401,
        new StripeFail(
          401,
          `Invalid API Key provided: ${token ? `${token.slice(0, 8)}***` : '(none)'}`,
          undefined,
          undefined,
          'authentication_error',
        ).body(),
      );
    }
    const method = req.method ?? 'GET';
    const url = new URL(path, 'http://edge');
    const body = await readAll(req);
    const key = req.headers['idempotency-key'];
    const idemKey = typeof key === 'string' && method === 'POST' ? `${url.pathname} ${key}` : undefined;
    const seen = idemKey ? store.idempotent.get(idemKey) : undefined;
    if (seen) return json(seen.status, seen.body);
    let status = 200;
    let out: unknown;
    try {
      out = route(
        ctx,
        method,
        url.pathname,
        decodeForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body),
      );
    } catch (e) {
      if (!(e instanceof StripeFail)) throw e;
      status = e.status;
      out = e.body();
    }
    if (idemKey && status < 500) store.idempotent.set(idemKey, { status, body: out });
    json(status, out);
  }

  async function pages(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const html = (status: number, text: string): void => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(text);
    };
    const redirect = (to: string): void => {
      res.writeHead(303, { Location: to });
      res.end();
    };
    const pay = /^\/c\/pay\/([^/]+)$/.exec(path);
    if (pay) {
      const session = store.get('checkout.session', decodeURIComponent(pay[1]!));
      if (req.method !== 'POST') return (html(200, checkoutPage(store, session)), true);
      const form = Object.fromEntries(new URLSearchParams(await readAll(req))) as Record<string, string>;
      const number = (form.cardnumber ?? '').replace(/\D/g, '');
      const exp = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(form.exp ?? '');
      let error: string | undefined;
      if (!/^\S+@\S+\.\S+$/.test(form.email ?? '')) error = 'Your email address is invalid.';
      else if (number.length < 13) error = 'Your card number is incomplete.';
      else if (!exp || Number(exp[1]) < 1 || Number(exp[1]) > 12) error = "Your card's expiration date is incomplete.";
      else if (!/^\d{3,4}$/.test(form.cvc ?? '')) error = "Your card's security code is incomplete.";
      else if (!(form.name ?? '').trim()) error = 'Cardholder name is required.';
      if (!error) {
        try {
          billing.completeCheckout(session, {
            number,
            name: form.name!.trim(),
            email: form.email!,
            exp_month: Number(exp![1]),
            exp_year: 2000 + Number(exp![2]),
          });
          return (redirect(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id)), true);
        } catch (e) {
          if (!(e instanceof StripeFail)) throw e;
          error = e.message;
        }
      }
      return (
        html(
          error === DECLINED || error?.startsWith('Your card was declined') ? 402 : 400,
          checkoutPage(store, session, error, form),
        ),
        true
      );
    }
    const portal = /^\/p\/session\/([^/]+)(?:\/(cancel|renew)\/([^/]+))?$/.exec(path);
    if (portal) {
      const session = store.get('billing_portal.session', decodeURIComponent(portal[1]!));
      if (portal[2] && req.method === 'POST') {
        const sub = store.get('subscription', decodeURIComponent(portal[3]!));
        if (sub.customer !== session.customer)
          throw new StripeFail(404, `No such subscription: '${sub.id}'`, 'resource_missing');
        billing.setCancelAtPeriodEnd(sub, portal[2] === 'cancel');
        return (redirect(`/p/session/${session.id}`), true);
      }
      return (html(200, portalPage(store, session)), true);
    }
    return false;
  }

  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const run = path.startsWith('/v1/')
      ? api(req, res, path)
      : pages(req, res, path.split('?')[0]!).then((handled) => {
          if (!handled) {
            res.writeHead(404, { 'Content-Type': 'text/plain' });
            res.end('Not found on the local Stripe edge');
          }
        });
    run.catch((e: unknown) => {
      const fail =
        e instanceof StripeFail
          ? e
          : new StripeFail(
              500,
              'An unexpected error occurred on the local Stripe edge.',
              undefined,
              undefined,
              'api_error',
            );
      if (!(e instanceof StripeFail) && !opts.quiet) console.error('[local stripe]', e);
      if (!res.headersSent) res.writeHead(fail.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(fail.body()));
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 12111, host, () => ok());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${host}:${port}`;
  return {
    url: baseUrl,
    port,
    secretKey,
    webhookSecret,
    setWebhookUrl: (u) => (webhookUrl = u),
    webhooksIdle: () => sender.idle(),
    delivered: () => [...sender.delivered],
    stop: async () => {
      sender.stop();
      server.closeAllConnections();
      await new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
