import { describe, expect, it } from 'vitest';
import { checkDeviceStorage, checkStorageFits } from '../../../sync/outbox/storage-quota';

const MB = 1024 * 1024;

describe('device storage check', () => {
  it('accepts files that fit and refuses the rest with a clear message', () => {
    const result = checkStorageFits({ quota: 200 * MB, usage: 100 * MB }, [
      { name: 'a.wav', size: 40 * MB },
      { name: 'b.wav', size: 60 * MB },
      { name: 'c.mp3', size: 10 * MB },
    ]);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.wav', 'c.mp3']);
    expect(result.rejected[0]?.message).toMatch(/^Not enough storage on this device to queue b\.wav \(60\.00 MB/);
  });

  it('accepts everything when no estimate is available', () => {
    expect(checkStorageFits(null, [{ name: 'a', size: 1e12 }]).rejected).toHaveLength(0);
  });

  it('asks for persistence before estimating', async () => {
    const calls: string[] = [];
    await checkDeviceStorage([{ name: 'a', size: 1 }], {
      persisted: async () => (calls.push('persisted'), false),
      persist: async () => (calls.push('persist'), true),
      estimate: async () => (calls.push('estimate'), { quota: 1e9, usage: 0 }),
    });
    expect(calls).toEqual(['persisted', 'persist', 'estimate']);
  });
});
