/**
 * Idle keep-alive connections live as long as behind hosted Supabase's gateway (Kong/nginx keep
 * idle client connections 60 s), not Node's default 5 s. With the backend in-process (tests,
 * benches), a long synchronous PGlite statement blocks the event loop; when it ends, the client
 * reuses its pooled connection while the server's expired idle timer closes that same socket
 * with the request unread, and the client gets ECONNRESET (sync-browser bench: signUp after the
 * 5,000-row seed). Both cases below failed with the 5 s default.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withBackend, type LocalBackend } from '../helpers/backend';

let backend: LocalBackend;
let agent: http.Agent;
beforeAll(async () => {
  backend = await withBackend();
  agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
});
afterAll(async () => {
  agent.destroy();
  await backend.stop();
});

function health(): Promise<{ status: number; reused: boolean; keepAlive: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${backend.url}/health`, { agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, keepAlive: res.headers['keep-alive'] as string | undefined }),
      );
    });
    req.on('error', reject);
  });
}

describe('keep-alive connections', () => {
  it('advertises a 60 s idle timeout like the hosted gateway', async () => {
    const first = await health();
    expect(first.status).toBe(200);
    expect(first.keepAlive).toMatch(/timeout=(6\d|[7-9]\d|\d{3,})\b/);
  });

  it('a request on a pooled connection right after a 6 s event-loop block is answered, not reset', async () => {
    expect((await health()).status).toBe(200);
    const until = Date.now() + 6000;
    while (Date.now() < until) {
      // a long synchronous statement in the in-process PGlite looks like this to the event loop
    }
    const after = await health();
    expect(after.status).toBe(200);
    expect(after.reused).toBe(true);
  });
});
