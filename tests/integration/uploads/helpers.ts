/**
 * Helpers for outbox integration tests and the upload bench: a counting, cuttable HTTP proxy in
 * front of the local backend, a Blob reader for tus-js-client in Node, and an outbox wired to a
 * signed-in supabase-js client.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FileReader as TusFileReader } from 'tus-js-client';
import {
  createSupabaseOutboxBackend,
  createUserOutbox,
  OutboxDatabase,
  type ContentItemInput,
  type OutboxBackend,
  type SupabaseLike,
  type UserOutbox,
} from '../../../sync/outbox';

/** tus-js-client's Node build reads Buffers and streams, not Blobs: slice the Blob into Buffers. */
export const blobFileReader: TusFileReader = {
  async openFile(input: Blob) {
    return {
      size: input.size,
      async slice(start: number, end: number) {
        const stop = Math.min(end, input.size);
        // tus reads `value.size` for the bytes in the slice (as its own Node BufferSource sets it).
        const value = Object.assign(Buffer.from(await input.slice(start, stop).arrayBuffer()), { size: stop - start });
        return { value, done: stop >= input.size };
      },
      close() {},
    };
  },
};

export interface UploadProxy {
  url: string;
  /** Request-body bytes that reached the backend through TUS PATCH requests. */
  patchBytes: number;
  online: boolean;
  /** Answer matching requests with this status instead of forwarding them. */
  failWhen: ((req: IncomingMessage) => number | null) | null;
  /** Called for every PATCH body chunk with the running total; return true to cut the network. */
  cutWhen: ((patchBytes: number) => boolean) | null;
  close(): Promise<void>;
}

export async function startUploadProxy(targetUrl: string): Promise<UploadProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  const proxy: UploadProxy = {
    url: '',
    patchBytes: 0,
    online: true,
    failWhen: null,
    cutWhen: null,
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
  const cut = () => {
    proxy.online = false;
    for (const s of sockets) s.destroy();
  };
  const server: Server = createServer((req, res) => {
    if (!proxy.online) return req.socket.destroy();
    const status = proxy.failWhen?.(req) ?? null;
    if (status) {
      req.resume();
      res.writeHead(status, { 'content-type': 'application/json', 'tus-resumable': '1.0.0' });
      return res.end(JSON.stringify({ statusCode: String(status), error: 'Injected', message: 'injected failure' }));
    }
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (up) => {
        // like nginx's proxy_redirect: the backend's Location (its configured URL) → this proxy
        if (up.headers.location) up.headers.location = up.headers.location.replace(targetUrl.replace(/\/+$/, ''), proxy.url);
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    const isPatch = req.method === 'PATCH';
    req.on('data', (chunk: Buffer) => {
      if (!proxy.online) return;
      if (isPatch) {
        proxy.patchBytes += chunk.length;
        if (proxy.cutWhen?.(proxy.patchBytes)) {
          upstream.write(chunk);
          cut();
          upstream.destroy();
          return;
        }
      }
      upstream.write(chunk);
    });
    req.on('end', () => upstream.end());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

/** Idempotent row write on the client-generated id (what the sync engine's push does, direct). */
export function restContentWriter(client: SupabaseClient) {
  return async (row: ContentItemInput) => {
    const { error } = await client.from('content_items').upsert(row, { onConflict: 'id', ignoreDuplicates: true });
    if (error) throw new Error(error.message);
  };
}

export function outboxBackend(client: SupabaseClient, url: string, anonKey: string): OutboxBackend {
  return createSupabaseOutboxBackend({
    client: client as unknown as SupabaseLike,
    supabaseUrl: url,
    anonKey,
    writeContentItem: restContentWriter(client),
  });
}

export function nodeOutbox(options: {
  userId: string;
  backend: OutboxBackend;
  db?: OutboxDatabase;
  isOnline?: () => boolean;
  retryDelays?: number[];
}): { outbox: UserOutbox; db: OutboxDatabase } {
  const db = options.db ?? new OutboxDatabase(`outbox-${crypto.randomUUID()}`, { indexedDB, IDBKeyRange });
  const outbox = createUserOutbox({
    db,
    userId: options.userId,
    backend: options.backend,
    events: null,
    fileReader: blobFileReader,
    retryDelays: options.retryDelays ?? [0, 50],
    resumeDelayMs: 60_000,
    isOnline: options.isOnline,
    progressWriteIntervalMs: 0,
    log: () => undefined,
  });
  return { outbox, db };
}

/** Deterministic pseudo-random bytes (compressible data would hide bugs in byte counting). */
export function randomBytes(size: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

/**
 * A real WAV of exactly `size` bytes (>= 45): 8-bit PCM mono at 8 kHz whose samples are
 * `randomBytes` — white noise, decodable by any player, and incompressible like `randomBytes`.
 * The server's upload check (verify-upload) accepts it as audio/wav.
 */
export function noiseWav(size: number, seed = 1): Uint8Array {
  const data = size - 44;
  const b = Buffer.alloc(size);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28); // byte rate
  b.writeUInt16LE(1, 32); // block align
  b.writeUInt16LE(8, 34); // bits per sample
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(data, 40);
  b.set(randomBytes(data, seed), 44);
  return new Uint8Array(b);
}

export function metadataFor(title: string, overrides: Record<string, unknown> = {}) {
  return {
    title,
    album: 'Test LP',
    genre: 'Electronic',
    description: `About ${title}`,
    tags: ['test'],
    credits: 'Me',
    collaborators: ['You'],
    isPublic: false,
    subscriptionTier: 'free' as const,
    unlockDate: null,
    ...overrides,
  };
}
