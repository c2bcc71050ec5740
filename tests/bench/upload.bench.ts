/**
 * Upload outbox benchmark (`npx tsx tests/bench/upload.bench.ts`), medians of 3 runs against the
 * in-process local backend on loopback:
 *  1. bytes sent for a 30 MB file cut at ~40% and resumed ÷ file size (goal ≤ 1.25; from zero: 1.4)
 *  2. outbox throughput ÷ one plain object PUT of the same bytes, same run (goal ≥ 0.8)
 */
import { createArtistClient, withBackend } from '../integration/helpers/backend';
import { metadataFor, noiseWav, nodeOutbox, outboxBackend, startUploadProxy } from '../integration/uploads/helpers';
import { BENCH_SMOKE, benchSize } from './smoke';

// Smoke: two TUS chunks (6 MiB each), one run, figures not judged.
const SIZE = benchSize(30, 8) * 1024 * 1024;
const RUNS = benchSize(3, 1);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main() {
  const backend = await withBackend();
  const proxy = await startUploadProxy(backend.url);
  const artist = await createArtistClient(backend, 'bench-artist@example.com', 'secret123');
  const bytes = noiseWav(SIZE, 42);
  const blob = new Blob([bytes as BlobPart], { type: 'audio/wav' });
  const file = (title: string) => ({ file: blob, name: `${title}.wav`, type: 'audio/wav', metadata: metadataFor(title) });
  const resumeRatios: number[] = [];
  const throughputRatios: number[] = [];

  try {
    for (let run = 0; run < RUNS; run += 1) {
      // 1. Cut at ~40%, "reload" (new runner over the same database), resume.
      const api = outboxBackend(artist.client, proxy.url, backend.anonKey);
      proxy.patchBytes = 0;
      proxy.online = true;
      proxy.cutWhen = (sent) => sent >= SIZE * 0.4;
      const first = nodeOutbox({ userId: artist.user.id, backend: api, isOnline: () => proxy.online });
      await first.outbox.enqueue([file(`resume-${run}`)]);
      await first.outbox.start();
      await first.outbox.whenIdle();
      await first.outbox.stop();
      proxy.cutWhen = null;
      proxy.online = true;
      const second = nodeOutbox({ userId: artist.user.id, backend: api, db: first.db, isOnline: () => proxy.online });
      await second.outbox.start();
      await second.outbox.whenIdle();
      const [entry] = await second.outbox.list();
      if (entry?.status !== 'completed') throw new Error(`resume run ${run} ended ${entry?.status}: ${entry?.lastError}`);
      resumeRatios.push(proxy.patchBytes / SIZE);
      await second.outbox.stop();
      await first.db.delete();

      // 2. Throughput: plain PUT vs the outbox, both straight to the backend.
      const plainStart = performance.now();
      const plain = await artist.client.storage.from('content').upload(`${artist.user.id}/plain-${run}.wav`, blob, { upsert: false });
      if (plain.error) throw plain.error;
      const plainMs = performance.now() - plainStart;
      const direct = nodeOutbox({ userId: artist.user.id, backend: outboxBackend(artist.client, backend.url, backend.anonKey) });
      const outboxStart = performance.now();
      await direct.outbox.enqueue([file(`speed-${run}`)]);
      await direct.outbox.start();
      await direct.outbox.whenIdle();
      const outboxMs = performance.now() - outboxStart;
      const [done] = await direct.outbox.list();
      if (done?.status !== 'completed') throw new Error(`throughput run ${run} ended ${done?.status}`);
      throughputRatios.push(plainMs / outboxMs);
      await direct.outbox.stop();
      await direct.db.delete();
      console.log(
        `run ${run + 1}: resume bytes/size ${resumeRatios.at(-1)!.toFixed(3)}, plain ${plainMs.toFixed(0)} ms, outbox ${outboxMs.toFixed(0)} ms`,
      );
    }
  } finally {
    await proxy.close();
    await backend.stop();
  }

  const resume = median(resumeRatios);
  const throughput = median(throughputRatios);
  console.log(`upload resume: bytes sent / file size = ${resume.toFixed(3)} (goal <= 1.25; restart from zero = 1.4)`);
  console.log(`upload throughput: outbox / plain PUT = ${throughput.toFixed(3)} (goal >= 0.8)`);
  if (!BENCH_SMOKE && (resume > 1.25 || throughput < 0.8)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
