/**
 * Shared by the live-sync benchmarks (Node: live-sync.bench.ts, Chromium: browser/live-sync-entry.ts):
 * write-on-A → visible-in-B's-local-database latency. A writes a new content item into its local
 * database (the engine pushes it); the clock stops when B's local database emits that document
 * (pulled by B's engine). Each write is a new row, so every write's arrival is seen on its own.
 * Each row's file is stored before the clock starts (as the outbox uploads before it writes the
 * row): the measured trip is the row's, not the upload's.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { putContentItem, type BucketDatabase } from '../../sync';

const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Arrival times of documents in B's local content_items (first emission per id). */
export function watchArrivals(db: BucketDatabase) {
  const arrived = new Map<string, number>();
  const waiters = new Map<string, (at: number) => void>();
  const subscription = db.content_items.$.subscribe((event) => {
    const at = now();
    const id = event.documentId;
    if (arrived.has(id)) return;
    arrived.set(id, at);
    waiters.get(id)?.(at);
  });
  return {
    wait(id: string, timeoutMs: number): Promise<number> {
      const seen = arrived.get(id);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`row ${id} did not arrive within ${timeoutMs} ms`)), timeoutMs);
        waiters.set(id, (at) => {
          clearTimeout(timer);
          waiters.delete(id);
          resolve(at);
        });
      });
    },
    stop: () => subscription.unsubscribe(),
  };
}

let seq = 0;
const FILE = { file_type: 'audio/mpeg', file_size: 1234 } as const;

/** The A side: its signed-in client (to store files), its local database, the artist it writes as. */
export interface Writer {
  client: SupabaseClient;
  db: BucketDatabase;
  artistId: string;
}

/**
 * Stores `count` files of the artist through Storage; returns their paths, in order of use. Any
 * bytes of the row's size do: B is the artist's other device, which reads the artist's own rows
 * whether or not the server verified their files.
 */
async function storedFiles(writer: Writer, count: number, tag: string): Promise<string[]> {
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const path = `${writer.artistId}/${Date.now()}-${tag}-${i}.mp3`;
    const bytes = new Uint8Array(FILE.file_size).fill(0x41);
    const r = await writer.client.storage
      .from('content')
      .upload(path, new Blob([bytes], { type: FILE.file_type }), { contentType: FILE.file_type });
    if (r.error) throw new Error(`storing ${path}: ${r.error.message}`);
    paths.push(path);
  }
  return paths;
}

async function writeOne(writer: Writer, filePath: string, tag: string): Promise<{ id: string; at: number }> {
  seq += 1;
  const id = crypto.randomUUID();
  const at = now();
  await putContentItem(writer.db, { id, artist_id: writer.artistId, title: `${tag} ${seq}`, file_path: filePath, ...FILE });
  return { id, at };
}

/** When A's engine marked each document clean (the server acknowledged the push). */
function watchAcknowledged(db: BucketDatabase) {
  const acknowledged = new Map<string, number>();
  const subscription = db.content_items.$.subscribe((event) => {
    const doc = event.documentData as { sync_state?: string } | undefined;
    if (doc?.sync_state === 'clean' && !acknowledged.has(event.documentId)) acknowledged.set(event.documentId, now());
  });
  return { acknowledged, stop: () => subscription.unsubscribe() };
}

export interface SequentialResult {
  /** Write on A → row in B's local database. */
  latencies: number[];
  /** Write on A → push acknowledged on A (A's side of the trip). */
  pushed: number[];
}

/** One write at a time, each waited for on B, with a short random pause between writes. */
export async function sequentialLatencies(writer: Writer, reader: BucketDatabase, count: number, tag: string): Promise<SequentialResult> {
  const files = await storedFiles(writer, count, tag);
  const arrivals = watchArrivals(reader);
  const acks = watchAcknowledged(writer.db);
  const latencies: number[] = [];
  const writes: Array<{ id: string; at: number }> = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const write = await writeOne(writer, files[i]!, tag);
      writes.push(write);
      latencies.push((await arrivals.wait(write.id, 60_000)) - write.at);
      await sleep(20 + Math.random() * 60);
    }
  } finally {
    arrivals.stop();
    acks.stop();
  }
  const pushed = writes.map((w) => (acks.acknowledged.get(w.id) ?? NaN) - w.at).filter((n) => !Number.isNaN(n));
  return { latencies, pushed };
}

/**
 * Writes spread at random over `windowMs` without waiting for each other (a polling reader picks
 * several up per poll), then waits for all; for readers whose latency is the poll interval.
 */
export async function spreadLatencies(
  writer: Writer,
  reader: BucketDatabase,
  count: number,
  windowMs: number,
  tag: string,
): Promise<number[]> {
  const files = await storedFiles(writer, count, tag);
  const arrivals = watchArrivals(reader);
  try {
    const offsets = Array.from({ length: count }, () => Math.random() * windowMs).sort((a, b) => a - b);
    const start = now();
    const writes: Array<{ id: string; at: number }> = [];
    for (const [i, offset] of offsets.entries()) {
      await sleep(Math.max(0, start + offset - now()));
      writes.push(await writeOne(writer, files[i]!, tag));
    }
    const arrived = await Promise.all(writes.map((w) => arrivals.wait(w.id, windowMs + 120_000)));
    return writes.map((w, i) => (arrived[i] ?? NaN) - w.at);
  } finally {
    arrivals.stop();
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? NaN;
}

export function summarize(label: string, values: number[]): string {
  const f = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(0)} ms`);
  return `  ${label.padEnd(44)} n=${values.length}  p50 ${f(percentile(values, 50)).padStart(8)}  p95 ${f(percentile(values, 95)).padStart(8)}  max ${f(Math.max(...values)).padStart(8)}`;
}
