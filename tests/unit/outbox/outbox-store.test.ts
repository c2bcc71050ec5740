import { afterEach, describe, expect, it } from 'vitest';
import { OutboxDatabase } from '../../../sync/outbox/database';
import {
  applyEvent,
  clearCompleted,
  enqueueFiles,
  getBlob,
  listEntries,
  recoverInterrupted,
  removeEntry,
} from '../../../sync/outbox/outbox-store';
import type { EnqueueFile } from '../../../sync/outbox/types';

let db: OutboxDatabase;
afterEach(async () => {
  await db?.delete();
});

function file(name: string, bytes = 'hello'): EnqueueFile {
  return {
    file: new Blob([bytes]),
    name,
    type: 'audio/mpeg',
    metadata: {
      title: name.replace(/\.\w+$/, ''),
      album: 'A',
      genre: 'Jazz',
      description: '',
      tags: [],
      credits: '',
      collaborators: [],
      isPublic: false,
      subscriptionTier: 'free',
      unlockDate: null,
    },
  };
}

describe('outbox store (fake-indexeddb)', () => {
  it('writes entries with Blob, ids and object paths, in queue order per user', async () => {
    db = new OutboxDatabase(`t-${crypto.randomUUID()}`);
    const first = await enqueueFiles(db, 'alice', [file('one.mp3'), file('two.mp3')], 1000);
    await enqueueFiles(db, 'bob', [file('bob.mp3')], 1000);
    await enqueueFiles(db, 'alice', [file('three.mp3')], 2000);
    const alice = await listEntries(db, 'alice');
    expect(alice.map((e) => e.name)).toEqual(['one.mp3', 'two.mp3', 'three.mp3']);
    expect(alice.every((e) => e.status === 'pending' && e.userId === 'alice')).toBe(true);
    expect(first[0]?.objectPath).toMatch(/^alice\/\d+-one\.mp3$/);
    expect(first[0]?.contentItemId).not.toBe(first[0]?.id);
    expect(await (await getBlob(db, alice[0]!.id))?.text()).toBe('hello');
    expect((await listEntries(db, 'bob')).map((e) => e.name)).toEqual(['bob.mp3']);
  });

  it('applies events atomically, recovers interrupted uploads, and removes only own entries', async () => {
    db = new OutboxDatabase(`t-${crypto.randomUUID()}`);
    const [a, b] = await enqueueFiles(db, 'alice', [file('a.mp3'), file('b.mp3')]);
    await applyEvent(db, a!.id, { type: 'start' });
    await applyEvent(db, a!.id, { type: 'progress', bytesUploaded: 2 });
    expect(await recoverInterrupted(db, 'alice')).toBe(1);
    expect((await db.entries.get(a!.id))?.status).toBe('pending');
    await removeEntry(db, 'mallory', b!.id);
    expect(await db.entries.get(b!.id)).toBeDefined();
    await applyEvent(db, b!.id, { type: 'start' });
    await applyEvent(db, b!.id, { type: 'stored' });
    await applyEvent(db, b!.id, { type: 'complete' });
    expect(await getBlob(db, b!.id)).toBeUndefined();
    expect(await getBlob(db, a!.id)).toBeDefined();
    await clearCompleted(db, 'alice');
    expect((await listEntries(db, 'alice')).map((e) => e.name)).toEqual(['a.mp3']);
  });
});
