import { describe, expect, it } from 'vitest';
import {
  allProcessed,
  applyOutboxEvent,
  canRemoveDirectly,
  countByStatus,
  nextToSend,
  progressPercent,
  recoverAfterRestart,
} from '../../../sync/outbox/state-machine';
import type { OutboxEntry } from '../../../sync/outbox/types';

function entry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: 'e1',
    userId: 'u1',
    seq: 1,
    createdAt: 1,
    updatedAt: 1,
    name: 'song.mp3',
    type: 'audio/mpeg',
    size: 1000,
    metadata: {
      title: 'song',
      album: '',
      genre: '',
      description: '',
      tags: [],
      credits: '',
      collaborators: [],
      isPublic: false,
      subscriptionTier: 'free',
      unlockDate: null,
    },
    status: 'pending',
    progress: 0,
    bytesUploaded: 0,
    attempts: 0,
    lastError: null,
    tusUploadUrl: null,
    objectStored: false,
    contentItemId: 'c1',
    objectPath: 'u1/1-song.mp3',
    ...overrides,
  };
}

describe('outbox state machine', () => {
  it('goes pending → uploading → completed, with progress 100 and the Blob dropped', () => {
    let e = applyOutboxEvent(entry(), { type: 'start' }, 5);
    expect(e).toMatchObject({ status: 'uploading', attempts: 1, updatedAt: 5 });
    e = applyOutboxEvent(e, { type: 'progress', bytesUploaded: 400 });
    expect(e.progress).toBe(40);
    e = applyOutboxEvent(e, { type: 'stored' });
    expect(e).toMatchObject({ objectStored: true, progress: 99, bytesUploaded: 1000, tusUploadUrl: null });
    e = applyOutboxEvent(e, { type: 'complete' });
    expect(e).toMatchObject({ status: 'completed', progress: 100 });
  });

  it('cannot complete before the object is stored', () => {
    const uploading = applyOutboxEvent(entry(), { type: 'start' });
    expect(applyOutboxEvent(uploading, { type: 'complete' })).toBe(uploading);
  });

  it('a failure becomes error and only an explicit retry makes it pending again', () => {
    const failed = applyOutboxEvent(applyOutboxEvent(entry(), { type: 'start' }), { type: 'fail', message: 'boom' });
    expect(failed).toMatchObject({ status: 'error', lastError: 'boom' });
    expect(applyOutboxEvent(failed, { type: 'start' })).toBe(failed);
    const retried = applyOutboxEvent(failed, { type: 'retry' });
    expect(retried).toMatchObject({ status: 'pending', lastError: null });
    expect(applyOutboxEvent(retried, { type: 'start' }).attempts).toBe(2);
  });

  it('an interruption returns to pending and keeps the upload URL and progress', () => {
    let e = applyOutboxEvent(entry(), { type: 'start' });
    e = applyOutboxEvent(e, { type: 'upload-url', url: 'http://x/u/1' });
    e = applyOutboxEvent(e, { type: 'progress', bytesUploaded: 420 });
    e = applyOutboxEvent(e, { type: 'interrupt', message: 'offline' });
    expect(e).toMatchObject({ status: 'pending', tusUploadUrl: 'http://x/u/1', progress: 42, lastError: 'offline' });
  });

  it('recovers uploading entries after a restart and leaves others alone', () => {
    const uploading = applyOutboxEvent(entry(), { type: 'start' });
    expect(recoverAfterRestart(uploading).status).toBe('pending');
    const done = entry({ status: 'completed' });
    expect(recoverAfterRestart(done)).toBe(done);
  });

  it('ignores events that do not apply (completed is terminal)', () => {
    const done = entry({ status: 'completed', progress: 100 });
    for (const event of [
      { type: 'start' },
      { type: 'fail', message: 'x' },
      { type: 'retry' },
      { type: 'progress', bytesUploaded: 1 },
    ] as const) {
      expect(applyOutboxEvent(done, event)).toBe(done);
    }
  });

  it('progress is the real fraction, clamped, and never 100 before completion', () => {
    expect(progressPercent(0, 100)).toBe(0);
    expect(progressPercent(399, 1000)).toBe(39);
    expect(progressPercent(1000, 1000)).toBe(99);
    expect(progressPercent(5000, 1000)).toBe(99);
    expect(progressPercent(10, 0)).toBe(0);
  });

  it('picks the next pending entry of the signed-in user only, in order', () => {
    const list = [
      entry({ id: 'a', seq: 3 }),
      entry({ id: 'b', seq: 2, status: 'error' }),
      entry({ id: 'c', seq: 1, userId: 'other' }),
      entry({ id: 'd', seq: 4 }),
    ];
    expect(nextToSend(list, 'u1')?.id).toBe('a');
    expect(nextToSend(list, 'other')?.id).toBe('c');
    expect(nextToSend(list, 'nobody')).toBeUndefined();
  });

  it('counts and completion helpers', () => {
    const list = [entry({ status: 'completed' }), entry({ status: 'error' }), entry({ status: 'completed' })];
    expect(countByStatus(list)).toEqual({ pending: 0, uploading: 0, completed: 2, error: 1 });
    expect(allProcessed(list)).toBe(true);
    expect(allProcessed([...list, entry()])).toBe(false);
    expect(allProcessed([])).toBe(false);
    expect(canRemoveDirectly(entry({ status: 'uploading' }))).toBe(false);
    expect(canRemoveDirectly(entry({ status: 'error' }))).toBe(true);
  });
});
