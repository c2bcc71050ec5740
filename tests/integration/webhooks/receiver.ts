/**
 * A real webhook receiver for the delivery tests: node:http on a free loopback port that records
 * every request (headers, raw body) and answers with what the test's responder decides — a
 * status (with headers and a body), or a promise that stalls until the test releases it.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Responder = (
  req: Received,
  n: number,
) => number | Promise<number> | { status: number; headers: Record<string, string>; body?: string | Buffer };

export interface Receiver {
  url(path?: string): string;
  received: Received[];
  on(path: string): Received[];
  /** replaces how the receiver answers (default 204) */
  respond(r: Responder): void;
  /** resolves once `n` requests have arrived */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let responder: Responder = () => 204;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(r);
      void Promise.resolve(responder(r, received.length)).then((out) => {
        if (res.destroyed) return;
        const { status, headers, body } = typeof out === 'number' ? { status: out, headers: {}, body: undefined } : out;
        res.writeHead(status, headers).end(status === 204 ? undefined : (body ?? `status ${status}`));
      });
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path = '/hook') => `${base}${path}`,
    received,
    on: (path) => received.filter((r) => r.path === path),
    respond: (r) => (responder = r),
    waitFor: (n, timeoutMs = 10_000) =>
      new Promise<void>((ok, fail) => {
        const deadline = Date.now() + timeoutMs;
        const check = () => {
          if (received.length >= n) return ok();
          if (Date.now() > deadline) return fail(new Error(`receiver got ${received.length} of ${n} requests`));
          setTimeout(check, 20);
        };
        check();
      }),
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
