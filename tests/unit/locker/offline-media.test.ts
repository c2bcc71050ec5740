import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, describe, expect, it } from 'vitest';
import { canKeepOffline, formatBytes, storageSummary } from '../../../src/features/locker/offline-media/offline-rules';
import {
  keepTrack,
  listTracks,
  OfflineMediaDatabase,
  removeTrack,
  trackBlob,
} from '../../../src/features/locker/offline-media/offline-media-store';
import {
  TONE_SLICE_SAMPLES,
  toneFrequencyFor,
  toneWav,
  toneWavInSlices,
  wavByteLength,
} from '../../../src/features/locker/offline-media/tone-wav';

describe('the generated sample track', () => {
  it('is a valid 16-bit mono PCM WAV of the asked length', () => {
    const wav = toneWav('drop-a', { seconds: 1, sampleRate: 8000 });
    const view = new DataView(wav.buffer);
    const text = (offset: number) => String.fromCharCode(...wav.slice(offset, offset + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(16_000);
    expect(wav.length).toBe(wavByteLength(1, 8000));
  });
  it('is deterministic per drop and not silent', () => {
    expect(toneWav('drop-a', { seconds: 0.5 })).toEqual(toneWav('drop-a', { seconds: 0.5 }));
    expect(toneFrequencyFor('drop-a')).toBe(toneFrequencyFor('drop-a'));
    const wav = toneWav('drop-a', { seconds: 0.5, sampleRate: 8000 });
    const view = new DataView(wav.buffer);
    let peak = 0;
    for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(view.getInt16(i, true)));
    expect(peak).toBeGreaterThan(3000);
    expect(peak).toBeLessThan(32767);
  });
  it('is the same bytes when written a slice per task, pausing between slices', async () => {
    let pauses = 0;
    const sliced = await toneWavInSlices('drop-a', async () => void (pauses += 1));
    expect(sliced).toEqual(toneWav('drop-a'));
    expect(pauses).toBe(Math.ceil((sliced!.length - 44) / 2 / TONE_SLICE_SAMPLES));
    expect(pauses).toBeGreaterThan(10);
  }, 30_000); // CPU-bound (a whole track twice): slow on a busy 2-core machine
  it('stops, with nothing, when cancelled between slices', async () => {
    let pauses = 0;
    const sliced = await toneWavInSlices(
      'drop-a',
      async () => void (pauses += 1),
      () => pauses >= 3,
    );
    expect(sliced).toBeNull();
    expect(pauses).toBe(3);
  });
});

describe('offline rules', () => {
  it('keeps only unlocked, unexpired music drops', () => {
    expect(canKeepOffline({ type: 'music', fanTierRequired: 3 }, 3, 45)).toBe(true);
    expect(canKeepOffline({ type: 'music', fanTierRequired: 3 }, 2, 45)).toBe(false);
    expect(canKeepOffline({ type: 'music', fanTierRequired: 0 }, 0, 0)).toBe(false);
    expect(canKeepOffline({ type: 'video', fanTierRequired: 0 }, 3, 45)).toBe(false);
  });
  it('formats bytes and describes storage', () => {
    expect([0, 512, 1024, 529_244, 1_363_148, 2 * 1024 ** 3].map(formatBytes)).toEqual([
      '0 B',
      '512 B',
      '1 KB',
      '517 KB',
      '1.3 MB',
      '2 GB',
    ]);
    expect(storageSummary({ trackCount: 0, keptBytes: 0, estimate: null })).toEqual({
      kept: 'No tracks kept offline',
      device: null,
    });
    expect(
      storageSummary({ trackCount: 2, keptBytes: 1_363_148, estimate: { usage: 4_300_000, quota: 2 * 1024 ** 3 } }),
    ).toEqual({
      kept: '2 tracks kept offline · 1.3 MB',
      device: 'This app uses 4.1 MB of 2 GB on this device',
    });
  });
});

describe('offline media store', () => {
  const db = new OfflineMediaDatabase('offline-media-test', { indexedDB: new IDBFactory(), IDBKeyRange });
  afterAll(() => db.close());

  it('keeps, lists per owner, returns the Blob and removes a track', async () => {
    const blob = new Blob([toneWav('drop-a', { seconds: 0.25 })], { type: 'audio/wav' });
    const info = await keepTrack(db, { ownerId: 'fan-1', itemId: 'drop-a', title: 'A', artist: 'BTI', blob });
    expect(info).toMatchObject({ id: 'fan-1|drop-a', bytes: blob.size, mimeType: 'audio/wav' });
    await keepTrack(db, { ownerId: 'fan-2', itemId: 'drop-a', title: 'A', artist: 'BTI', blob });

    expect((await listTracks(db, 'fan-1')).map((t) => t.itemId)).toEqual(['drop-a']);
    expect(await listTracks(db, 'fan-1')).not.toHaveProperty('0.blob');
    const stored = await trackBlob(db, 'fan-1', 'drop-a');
    expect(stored?.size).toBe(blob.size);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(new Uint8Array(await blob.arrayBuffer()));

    await removeTrack(db, 'fan-1', 'drop-a');
    expect(await listTracks(db, 'fan-1')).toEqual([]);
    expect(await trackBlob(db, 'fan-1', 'drop-a')).toBeNull();
    expect(await listTracks(db, 'fan-2')).toHaveLength(1);
  });
});
