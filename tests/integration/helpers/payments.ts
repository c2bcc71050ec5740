/**
 * Payments harness: the local Stripe edge on a free port (in memory) beside an in-memory local
 * backend whose functions point at it, and the official `stripe` SDK reaching the edge through
 * its host/port/protocol options — the same configuration a real Stripe test account would get.
 * Callers stop what they start (`stop()`).
 */
import Stripe from 'stripe';
import { startStripeEdge, type StripeEdge } from '../../../supabase/local/stripe/index';
import { withBackend, type LocalBackend, type LocalBackendOptions } from './backend';

export interface PaymentsHarness {
  backend: LocalBackend;
  edge: StripeEdge;
  stripe: Stripe;
  webhookUrl: string;
  stop(): Promise<void>;
}

export async function withPayments(opts: LocalBackendOptions = {}): Promise<PaymentsHarness> {
  const edge = await startStripeEdge({ port: 0, quiet: true });
  const backend = await withBackend({
    ...opts,
    stripe: { secretKey: edge.secretKey, webhookSecret: edge.webhookSecret, apiUrl: edge.url },
  });
  const webhookUrl = `${backend.url}/functions/v1/stripe-webhook`;
  edge.setWebhookUrl(webhookUrl);
  const stripe = new Stripe(edge.secretKey, {
    host: '127.0.0.1',
    port: edge.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return {
    backend,
    edge,
    stripe,
    webhookUrl,
    stop: async () => {
      await edge.stop();
      await backend.stop();
    },
  };
}

/** Pays a Checkout Session on the edge's hosted page as a browser form post would. */
export async function payOnCheckoutPage(url: string, card: string, email = 'fan@example.test'): Promise<Response> {
  const body = new URLSearchParams({ email, cardnumber: card, exp: '12 / 34', cvc: '123', name: 'Test Fan' });
  return fetch(url, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
}
