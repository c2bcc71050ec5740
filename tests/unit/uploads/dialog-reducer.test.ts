import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../sync/outbox';
import {
  batchOutcome,
  defaultMetadata,
  INITIAL_DIALOG_STATE,
  uploadDialogReducer,
  type DialogFile,
  type UploadDialogAction,
  type UploadDialogState,
} from '../../../src/features/uploads/dialog-reducer';

function file(name: string): DialogFile {
  return {
    key: name,
    file: new File(['x'], name),
    content: { ok: true, mime: 'audio/mpeg', kind: 'audio', durationSeconds: 1 },
    metadata: defaultMetadata(name),
  };
}
const run = (actions: UploadDialogAction[], state: UploadDialogState = INITIAL_DIALOG_STATE) =>
  actions.reduce(uploadDialogReducer, state);

describe('upload dialog steps', () => {
  it('adding the first files moves to metadata automatically; later additions do not move', () => {
    const state = run([{ type: 'add-files', files: [file('a.mp3')] }]);
    expect(state.step).toBe('metadata');
    const back = run([{ type: 'back' }, { type: 'add-files', files: [file('b.mp3')] }], state);
    expect(back.step).toBe('upload');
    expect(back.files).toHaveLength(2);
  });

  it('continue: upload → metadata → review; back: review → metadata → upload', () => {
    const s = run([{ type: 'add-files', files: [file('a.mp3')] }, { type: 'back' }]);
    expect(run([{ type: 'continue' }], s).step).toBe('metadata');
    expect(run([{ type: 'continue' }, { type: 'continue' }], s).step).toBe('review');
    expect(run([{ type: 'continue' }, { type: 'continue' }, { type: 'back' }], s).step).toBe('metadata');
  });

  it('continue does nothing without files', () => {
    expect(run([{ type: 'continue' }]).step).toBe('upload');
  });

  it('removing the last file returns to the upload step', () => {
    const s = run([{ type: 'add-files', files: [file('a.mp3')] }, { type: 'continue' }]);
    expect(s.step).toBe('review');
    const after = run([{ type: 'remove-file', key: 'a.mp3' }], s);
    expect(after).toMatchObject({ step: 'upload', files: [], cursor: 0 });
  });

  it('removing a file while the cursor is past the end moves the cursor to the last file', () => {
    const s = run([
      { type: 'add-files', files: [file('a.mp3'), file('b.mp3'), file('c.mp3')] },
      { type: 'next-file' },
      { type: 'next-file' },
    ]);
    expect(s.cursor).toBe(2);
    const after = run([{ type: 'remove-file', key: 'c.mp3' }], s);
    expect(after.cursor).toBe(1);
    expect(after.files.map((f) => f.key)).toEqual(['a.mp3', 'b.mp3']);
  });

  it('prev/next stay within the files', () => {
    const s = run([{ type: 'add-files', files: [file('a.mp3'), file('b.mp3')] }]);
    expect(run([{ type: 'previous-file' }], s).cursor).toBe(0);
    expect(run([{ type: 'next-file' }, { type: 'next-file' }], s).cursor).toBe(1);
  });

  it('metadata defaults: title from the file name, not public, free tier', () => {
    expect(defaultMetadata('My Song.final.wav')).toMatchObject({
      title: 'My Song.final',
      isPublic: false,
      subscriptionTier: 'free',
      unlockDate: null,
      tags: [],
    });
  });

  it('edits one file and freezes the batch once sent', () => {
    const s = run([
      { type: 'add-files', files: [file('a.mp3'), file('b.mp3')] },
      { type: 'set-metadata', key: 'b.mp3', patch: { genre: 'Jazz', isPublic: true } },
    ]);
    expect(s.files[1]?.metadata).toMatchObject({ genre: 'Jazz', isPublic: true, title: 'b' });
    const sent = run([{ type: 'continue' }, { type: 'sent', entryIds: ['1', '2'] }], s);
    expect(run([{ type: 'remove-file', key: 'a.mp3' }], sent)).toBe(sent);
    expect(run([{ type: 'back' }], sent)).toBe(sent);
    expect(run([{ type: 'reset' }], sent)).toEqual(INITIAL_DIALOG_STATE);
  });
});

function entry(id: string, status: OutboxEntry['status']): OutboxEntry {
  return {
    id,
    userId: 'u',
    seq: 0,
    createdAt: 0,
    updatedAt: 0,
    name: `${id}.mp3`,
    type: 'audio/mpeg',
    size: 10,
    metadata: defaultMetadata(`${id}.mp3`),
    status,
    progress: status === 'completed' ? 100 : 0,
    bytesUploaded: 0,
    attempts: 0,
    lastError: null,
    tusUploadUrl: null,
    objectStored: false,
    contentItemId: `c-${id}`,
    objectPath: `u/1-${id}.mp3`,
  };
}

describe('completion of a sent batch: reached when all files are processed', () => {
  it('is not complete before the outbox lists the sent files (no "0 of 1" flash after Start Upload)', () => {
    const outcome = batchOutcome(['e1'], []);
    expect(outcome.finished).toBe(false);
    expect(batchOutcome(['e1', 'e2'], [entry('e1', 'completed')]).finished).toBe(false);
  });

  it('is not complete while a file is pending or uploading', () => {
    expect(batchOutcome(['e1'], [entry('e1', 'pending')]).finished).toBe(false);
    expect(batchOutcome(['e1', 'e2'], [entry('e1', 'completed'), entry('e2', 'uploading')]).finished).toBe(false);
  });

  it('is complete once every file is completed or failed, counting completed files', () => {
    const done = batchOutcome(['e1', 'e2'], [entry('e1', 'completed'), entry('e2', 'error')]);
    expect(done).toMatchObject({ finished: true, uploading: false, completed: 1 });
  });

  it('a file the outbox refused at enqueue is processed (failed), not awaited', () => {
    expect(batchOutcome(['', 'e2'], [entry('e2', 'completed')])).toMatchObject({ finished: true, completed: 1 });
    expect(batchOutcome([''], [])).toMatchObject({ finished: true, completed: 0 });
  });

  it('nothing is complete before Start Upload', () => {
    expect(batchOutcome(null, [entry('e1', 'completed')]).finished).toBe(false);
  });
});
