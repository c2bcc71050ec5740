import { describe, expect, it, vi } from 'vitest';

const loadStripe = vi.fn();
vi.mock('@stripe/stripe-js', () => ({ loadStripe }));
vi.mock('../../../src/lib/env', () => ({ env: { stripePublishableKey: null } }));

const client = await import('../../../src/features/payments/payments-client');

describe('payments without a publishable key', () => {
  it('reports payments as not configured and resolves getStripe() to null without loading Stripe.js', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(client.isPaymentsConfigured()).toBe(false);
    expect(client.getPaymentsStatus()).toBe('unconfigured');
    await expect(client.getStripe()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith('Stripe publishable key not found. Payment features will be disabled.');
    expect(loadStripe).not.toHaveBeenCalled();
    // The user is told what they can do; configuration names stay in the console and the README.
    expect(client.PAYMENTS_DISABLED_REASON).toBe(
      "Payments aren't available right now — you can still join the free tier.",
    );
    expect(client.PAYMENTS_DISABLED_REASON).not.toMatch(/VITE_|Stripe|key/i);
  });
});
