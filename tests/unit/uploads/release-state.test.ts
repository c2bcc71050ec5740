import { describe, expect, it } from 'vitest';
import { contentItemFromEntry, type OutboxEntry } from '../../../sync/outbox';
import {
  defaultMetadata,
  INITIAL_DIALOG_STATE,
  uploadDialogReducer,
  type DialogFile,
  type UploadDialogAction,
} from '../../../src/features/uploads/dialog-reducer';
import {
  fromLocalInput,
  releaseState,
  toLocalInput,
  UNLOCK_DATE_PAST,
  unlockDateProblem,
} from '../../../src/features/uploads/release-state';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const future = new Date(NOW + 86_400_000).toISOString();
const past = new Date(NOW - 60_000).toISOString();

function file(name: string, patch: Partial<DialogFile['metadata']> = {}): DialogFile {
  return {
    key: name,
    file: new File(['x'], name),
    content: { ok: true, mime: 'audio/mpeg', kind: 'audio', durationSeconds: 1 },
    metadata: { ...defaultMetadata(name), ...patch },
  };
}

describe('unlock date field', () => {
  it('round-trips a local datetime-local value through the stored ISO timestamp', () => {
    const iso = fromLocalInput('2027-01-02T09:30');
    expect(iso).toBe(new Date(2027, 0, 2, 9, 30).toISOString());
    expect(toLocalInput(iso)).toBe('2027-01-02T09:30');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('must be in the future when the file is not public; empty means unlock manually later', () => {
    expect(unlockDateProblem({ isPublic: false, unlockDate: past }, NOW)).toBe(UNLOCK_DATE_PAST);
    expect(unlockDateProblem({ isPublic: false, unlockDate: future }, NOW)).toBeNull();
    expect(unlockDateProblem({ isPublic: false, unlockDate: null }, NOW)).toBeNull();
    expect(unlockDateProblem({ isPublic: true, unlockDate: past }, NOW)).toBeNull();
  });

  it('Review is refused while a file has a past unlock date; the cursor goes to that file', () => {
    const actions: UploadDialogAction[] = [
      { type: 'add-files', files: [file('a.mp3'), file('b.mp3', { unlockDate: past })] },
      { type: 'continue', now: NOW },
    ];
    const stopped = actions.reduce(uploadDialogReducer, INITIAL_DIALOG_STATE);
    expect(stopped).toMatchObject({ step: 'metadata', cursor: 1 });
    const fixed = [
      { type: 'set-metadata', key: 'b.mp3', patch: { unlockDate: future } } as const,
      { type: 'continue', now: NOW } as const,
    ].reduce(uploadDialogReducer, stopped);
    expect(fixed.step).toBe('review');
  });
});

describe('release state shown in Review', () => {
  it('spec defaults (not public, no date) are a draft fans do not see', () => {
    expect(releaseState(defaultMetadata('a.mp3'))).toEqual({
      kind: 'draft',
      label: 'Draft',
      detail: "Fans won't see this until you publish it.",
    });
  });

  it('a date makes it scheduled; public is a public release', () => {
    const scheduled = releaseState({ isPublic: false, unlockDate: '2027-03-04T10:00:00Z' }, 'en-US');
    expect(scheduled.kind).toBe('scheduled');
    expect(scheduled.label).toMatch(/^Scheduled Mar 4, 2027/);
    expect(releaseState({ isPublic: true, unlockDate: null }).label).toBe('Public release');
  });
});

describe('the unlock date reaches the content_items row', () => {
  const entry = (metadata: OutboxEntry['metadata']) =>
    ({
      contentItemId: 'c',
      userId: 'u',
      name: 'a.mp3',
      type: 'audio/mpeg',
      size: 5,
      objectPath: 'u/1-a.mp3',
      metadata,
    }) as OutboxEntry;

  it('unlock_date is the chosen date for a non-public file, null for a public one', () => {
    expect(contentItemFromEntry(entry({ ...defaultMetadata('a.mp3'), unlockDate: future })).unlock_date).toBe(future);
    expect(
      contentItemFromEntry(entry({ ...defaultMetadata('a.mp3'), isPublic: true, unlockDate: future })).unlock_date,
    ).toBeNull();
  });
});
