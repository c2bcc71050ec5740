/**
 * DNS rebinding: a page on a hostname rebound to 127.0.0.1 reaches the
 * backend same-origin (its requests carry `Host: <that name>` and `Sec-Fetch-Site: same-origin`,
 * no `Origin`). The local-only endpoints (`/__local/*`, the inbox of reset links) must answer
 * only Hosts naming this machine: 127.0.0.1, localhost or [::1], any port.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, uniqueEmail, withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
let resetLink: string;

beforeAll(async () => {
  backend = await withBackend();
  const email = uniqueEmail('rebind');
  const c = anonClient(backend);
  expect((await c.auth.signUp({ email, password: 'rebind-pass-1' })).error).toBeNull();
  expect((await c.auth.resetPasswordForEmail(email)).error).toBeNull();
  resetLink = backend.inbox().at(-1)!.link!;
  expect(resetLink).toBeTruthy();
});
afterAll(async () => {
  await backend.stop();
});

/** A raw request with a chosen Host header (fetch cannot set Host). */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; type: string | undefined; body: string }> {
  const { port } = new URL(backend.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: Number(port), path, method: 'GET', headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('local-only endpoints and the Host header', () => {
  it('refuses the inbox to a rebound hostname (same-origin page request): 403 JSON, no mail', async () => {
    const port = new URL(backend.url).port;
    for (const host of [
      `rebind.evil.example:${port}`,
      'rebind.evil.example',
      `127.0.0.1.evil.example:${port}`,
      `localhost.evil.example:${port}`,
      `evil.example:${port}@127.0.0.1`,
      `127.0.0.2:${port}`,
      `0.0.0.0:${port}`,
    ]) {
      const r = await get('/__local/inbox', { Host: host, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' });
      expect(r.status, host).toBe(403);
      expect(r.type).toMatch(/^application\/json/);
      const body = JSON.parse(r.body) as { message?: unknown };
      expect(typeof body.message).toBe('string');
      expect(r.body).not.toContain(resetLink);
      expect(r.body).not.toContain('token');
    }
  });

  it('refuses a request without a Host header', async () => {
    // Node's HTTP server already answers 400 to an HTTP/1.1 request without Host
    const r = await get('/__local/inbox', {});
    expect([400, 403]).toContain(r.status);
    expect(r.body).not.toContain(resetLink);
  });

  it('guards every /__local/ path, not only the inbox', async () => {
    const port = new URL(backend.url).port;
    for (const path of ['/__local/inbox?x=1', '/__local/inbox/', '/__local/other']) {
      const r = await get(path, { Host: `rebind.evil.example:${port}` });
      expect(r.status, path).toBe(403);
      expect(r.body).not.toContain(resetLink);
    }
  });

  it('answers 127.0.0.1, localhost and [::1] on any port (or none)', async () => {
    const port = new URL(backend.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LocalHost:${port}`, `[::1]:${port}`, 'localhost', '127.0.0.1:1', '[::1]']) {
      const r = await get('/__local/inbox', { Host: host });
      expect(r.status, host).toBe(200);
      const mails = JSON.parse(r.body) as { link?: string }[];
      expect(mails.some((m) => m.link === resetLink)).toBe(true);
    }
    // the documented client path keeps working
    const viaFetch = await fetch(`${backend.url}/__local/inbox`);
    expect(viaFetch.status).toBe(200);
  });

  it('leaves the Supabase APIs alone (they answer any Host, as hosted Supabase)', async () => {
    const r = await get('/auth/v1/health', { Host: 'project.supabase.example', apikey: backend.anonKey });
    expect(r.status).toBe(200);
  });
});
