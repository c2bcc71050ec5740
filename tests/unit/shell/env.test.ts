import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY, LOCAL_BACKEND_URL, LOCAL_STRIPE_PUBLISHABLE_KEY, parseEnv } from '../../../src/lib/env';

describe('environment config', () => {
  it('defaults to the embedded local backend without a .env', () => {
    expect(parseEnv({})).toEqual({
      supabaseUrl: LOCAL_BACKEND_URL,
      supabaseAnonKey: LOCAL_ANON_KEY,
      stripePublishableKey: LOCAL_STRIPE_PUBLISHABLE_KEY,
      configProblem: null,
    });
  });
  it('keeps payments off for a hosted backend without a publishable key', () => {
    expect(parseEnv({ VITE_SUPABASE_URL: 'https://abcd1234.supabase.co' }).stripePublishableKey).toBeNull();
  });
  it('flags placeholders and malformed URLs', () => {
    expect(parseEnv({ VITE_SUPABASE_URL: 'https://your-project.supabase.co' }).configProblem).toMatch(/placeholder/);
    expect(parseEnv({ VITE_SUPABASE_URL: 'not a url' }).configProblem).toMatch(/not a valid URL/);
  });
  it('keeps a real hosted configuration', () => {
    const env = parseEnv({
      VITE_SUPABASE_URL: 'https://abcd1234.supabase.co/',
      VITE_SUPABASE_ANON_KEY: 'eyJ.real.key',
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    });
    expect(env).toMatchObject({
      supabaseUrl: 'https://abcd1234.supabase.co',
      stripePublishableKey: 'pk_test_123',
      configProblem: null,
    });
  });
});
