import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const loadStripe = vi.fn();
vi.mock('@stripe/stripe-js', () => ({ loadStripe }));

const { loadStripeClient, MISSING_KEY_WARNING, LOAD_FAILURE_HINTS } = await import(
  '../../../src/features/payments/stripe-loader'
);

describe('loadStripeClient', () => {
  beforeEach(() => {
    loadStripe.mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('warns and resolves null without a publishable key, never touching Stripe.js', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(loadStripeClient(null)).resolves.toBeNull();
    await expect(loadStripeClient('   ')).resolves.toBeNull();
    expect(warn).toHaveBeenCalledWith('Stripe publishable key not found. Payment features will be disabled.');
    expect(MISSING_KEY_WARNING).toBe('Stripe publishable key not found. Payment features will be disabled.');
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it('passes the key to loadStripe and returns the instance', async () => {
    const stripe = { elements: vi.fn() };
    loadStripe.mockResolvedValue(stripe);
    await expect(loadStripeClient('pk_test_123')).resolves.toBe(stripe);
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
  });

  it('logs a rejected load with hints and resolves null', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    await expect(loadStripeClient('pk_test_123')).resolves.toBeNull();
    expect(error).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify(error.mock.calls[0]?.[1] ?? {}) + String(error.mock.calls[0]?.[0]);
    expect(logged).toMatch(/ad blocker/i);
    expect(logged).toMatch(/network/i);
    expect(logged).toMatch(/missing/i);
    expect(LOAD_FAILURE_HINTS).toHaveLength(3);
  });
});
