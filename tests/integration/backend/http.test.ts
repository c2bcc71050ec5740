/**
 * The HTTP front door like hosted Supabase: CORS `*` without credentials (any Origin), basic
 * security headers on API responses, and malformed URLs answered 400 in each API's own error
 * shape (never a 500 with an internal message).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
beforeAll(async () => {
  backend = await withBackend();
});
afterAll(async () => {
  await backend.stop();
});

describe('CORS and security headers', () => {
  it('answers any Origin with `*` and never allows credentials (preflight and actual request)', async () => {
    const pre = await fetch(`${backend.url}/rest/v1/profiles`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'apikey, authorization' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    const get = await fetch(`${backend.url}/rest/v1/profiles?select=id`, { headers: { Origin: 'https://evil.example', apikey: backend.anonKey } });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
    expect(get.headers.get('access-control-allow-credentials')).toBeNull();
    expect(get.headers.get('x-content-type-options')).toBe('nosniff');
    expect(get.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(get.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('malformed URLs', () => {
  it('answer 400 in the owning API error shape', async () => {
    const rest = await fetch(`${backend.url}/rest/v1/%E0%A4%A`, { headers: { apikey: backend.anonKey } });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toEqual({ code: 'PGRST100', message: 'Malformed URL', details: 'URI malformed', hint: null });
    const auth = await fetch(`${backend.url}/auth/v1/%E0%A4%A`, { headers: { apikey: backend.anonKey } });
    expect(auth.status).toBe(400);
    expect(await auth.json()).toMatchObject({ code: 400, error_code: 'validation_failed' });
    const storage = await fetch(`${backend.url}/storage/v1/object/content/%E0%A4%A`, { headers: { apikey: backend.anonKey } });
    expect(storage.status).toBe(400);
    expect(await storage.json()).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
  });
});
