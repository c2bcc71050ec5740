/**
 * The pure parts of the local auth hardening, without a backend: config.toml's auth settings,
 * the redirect allow-list, the loopback test of the inbox and the token buckets (fake clock).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authConfigFrom, durationMs, loadAuthConfig, parseToml } from '../../../supabase/local/auth/config';
import { RedirectPolicy } from '../../../supabase/local/auth/redirect';
import { isLoopback } from '../../../supabase/local/auth/inbox';
import { TokenBuckets } from '../../../supabase/local/auth/ratelimit';

afterEach(() => {
  vi.useRealTimers();
});

describe('config.toml', () => {
  it('reads the project file: site URL, allow-list and [auth.rate_limit]', () => {
    const cfg = loadAuthConfig();
    expect(cfg.siteUrl).toBe('http://localhost:4173');
    expect(cfg.additionalRedirectUrls).toContain('http://localhost:5173');
    expect(cfg.rateLimits).toMatchObject({ tokenRefresh: 150, signInSignUps: 30, tokenVerifications: 30, maxFrequencyMs: 1000 });
    expect(cfg.doubleConfirmChanges).toBe(true);
  });

  it('parses the TOML subset and falls back to the CLI defaults', () => {
    const t = parseToml(`# c\n[auth]\nsite_url = "http://x.test#not-a-comment" # comment\nadditional_redirect_urls = ["a", 'b']\n[auth.rate_limit]\ntoken_refresh = 1_000\n[auth.email]\nmax_frequency = "2m"\n`);
    const cfg = authConfigFrom(t);
    expect(cfg.siteUrl).toBe('http://x.test#not-a-comment');
    expect(cfg.additionalRedirectUrls).toEqual(['a', 'b']);
    expect(cfg.rateLimits.tokenRefresh).toBe(1000);
    expect(cfg.rateLimits.signInSignUps).toBe(30);
    expect(cfg.rateLimits.maxFrequencyMs).toBe(120_000);
    expect(durationMs('500ms', 0)).toBe(500);
    expect(() => parseToml('[auth]\nnot a line')).toThrow(/cannot read line/);
  });
});

describe('redirect allow-list', () => {
  const p = new RedirectPolicy('http://localhost:4173', ['http://localhost:5173', 'https://app.example/callback', 'https://*.preview.example/**']);
  it('allows the site origin, listed origins, exact URLs and globs only', () => {
    expect(p.allowed('http://localhost:4173/reset-password')).toBe(true);
    expect(p.allowed('http://localhost:5173/x')).toBe(true);
    expect(p.allowed('https://app.example/callback')).toBe(true);
    expect(p.allowed('https://pr-1.preview.example/a/b')).toBe(true);
    expect(p.allowed('https://a.b.preview.example/a')).toBe(false);
    expect(p.allowed('https://app.example/callback/evil')).toBe(false);
    expect(p.allowed('http://localhost:4174/')).toBe(false);
    expect(p.allowed('http://127.0.0.1:4173/')).toBe(false);
    expect(p.allowed('https://localhost:4173/')).toBe(false);
    expect(p.allowed('http://user:pw@localhost:4173/')).toBe(false);
    expect(p.allowed('javascript:alert(1)')).toBe(false);
    expect(p.resolve('http://evil.example/', '/reset-password')).toBe('http://localhost:4173/reset-password');
  });
});

describe('inbox and buckets', () => {
  it('treats only loopback addresses as local', () => {
    for (const a of ['127.0.0.1', '127.9.8.7', '::1', '::ffff:127.0.0.1']) expect(isLoopback(a)).toBe(true);
    for (const a of ['10.0.0.2', '192.168.1.4', '::ffff:10.0.0.2', 'fe80::1', '', undefined]) expect(isLoopback(a)).toBe(false);
  });

  it('a bucket gives its burst, then refills at its rate', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    const b = new TokenBuckets(30 / 300, 3);
    expect([b.take('ip'), b.take('ip'), b.take('ip'), b.take('ip')]).toEqual([true, true, true, false]);
    expect(b.take('other')).toBe(true);
    vi.setSystemTime(9_000);
    expect(b.take('ip')).toBe(false);
    vi.setSystemTime(10_000);
    expect(b.take('ip')).toBe(true);
    expect(b.take('ip')).toBe(false);
  });
});
