import { describe, expect, it } from 'vitest';
import { generateClientId, generateClientSecret } from '../../../src/features/developer/api/credentials';
import {
  isValidRedirectUri,
  parseRedirectUris,
  validateAppName,
  validateRedirectUris,
  validateScopes,
} from '../../../src/features/developer/api/validate-app';
import { maskSecret, statusColor, truncateClientId } from '../../../src/features/developer/display-rules';
import { OAUTH_SCOPES } from '../../../src/features/developer/scopes';

describe('recent API activity status colour', () => {
  it('429 yellow, 200 and 201 green, everything else red', () => {
    expect(statusColor(429)).toBe('yellow');
    expect(statusColor(200)).toBe('green');
    expect(statusColor(201)).toBe('green');
    for (const code of [204, 301, 400, 401, 403, 404, 500, 503]) expect(statusColor(code)).toBe('red');
  });
});

describe('client credentials display', () => {
  it('truncates client IDs to 20 characters', () => {
    const id = 'bkt_vR7nQ2kLx9PzT4mWc8hJ5sYa';
    expect(truncateClientId(id)).toBe('bkt_vR7nQ2kLx9PzT4mW...');
    expect(truncateClientId(generateClientId())).toHaveLength(23);
    expect(truncateClientId(id).replace('...', '')).toHaveLength(20);
    expect(truncateClientId('short_id')).toBe('short_id');
    expect(truncateClientId('x'.repeat(20))).toBe('x'.repeat(20));
  });

  it('masks secrets, keeping only the last four characters', () => {
    expect(maskSecret('f3Qa')).toBe('••••••••••••f3Qa');
  });

  it('generates distinct, prefixed credentials longer than the display length', () => {
    const a = generateClientId();
    const b = generateClientId();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^bkt_[A-Za-z0-9_-]{24}$/);
    expect(generateClientSecret()).toMatch(/^bkt_sk_[A-Za-z0-9_-]{43}$/);
  });
});

describe('create application validation', () => {
  it('requires a name', () => {
    expect(validateAppName('  ')).toBe('Application name is required');
    expect(validateAppName('Vinyl Radar')).toBeNull();
  });

  it('requires each redirect URI to be a valid URL', () => {
    expect(parseRedirectUris('https://a.app/cb\n\n https://b.app/cb ')).toEqual([
      'https://a.app/cb',
      'https://b.app/cb',
    ]);
    expect(validateRedirectUris('')).toBe('Add at least one redirect URI');
    expect(validateRedirectUris('https://a.app/cb\nnot a url')).toMatch(/not a url/);
    expect(validateRedirectUris('https://a.app/cb\nhttp://localhost:3000/cb')).toBeNull();
    expect(isValidRedirectUri('http://evil.example/cb')).toBe(false);
    expect(isValidRedirectUri('javascript:alert(1)')).toBe(false);
  });

  it('requires at least one scope, from the seven of §9', () => {
    expect(validateScopes([])).toBe('Select at least one scope');
    expect(validateScopes(['media:read'])).toBeNull();
    expect(OAUTH_SCOPES).toEqual([
      'media:read',
      'media:write',
      'preferences:read',
      'preferences:write',
      'events:read',
      'events:write',
      'analytics:read',
    ]);
  });
});
