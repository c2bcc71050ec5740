/**
 * Upload manager dialog steps as a pure reducer.
 * Upload → metadata by Continue or automatically when the first files are added; metadata →
 * review; back is possible; removing the last file returns to the upload step; removing a file
 * while the cursor is past the end moves the cursor to the last file. Once the batch is sent
 * (`entryIds` set) the files are frozen until `reset`.
 */
import { unlockDateProblem } from './release-state';
import type { CheckedContent } from './sniff/check-files';
import { allProcessed, titleFromFileName, type OutboxEntry, type UploadMetadata } from '@sync/outbox';

export type DialogStep = 'upload' | 'metadata' | 'review';

export interface DialogFile {
  key: string;
  file: File;
  /** What the bytes are (sniffed when the file was added): its MIME type, duration or size. */
  content: CheckedContent;
  metadata: UploadMetadata;
}

export interface UploadDialogState {
  step: DialogStep;
  files: DialogFile[];
  cursor: number;
  /** Outbox entry ids of the sent batch, in file order; null before 'Start Upload'. */
  entryIds: string[] | null;
}

export type UploadDialogAction =
  | { type: 'add-files'; files: DialogFile[] }
  | { type: 'remove-file'; key: string }
  /** `now` (ms) checks unlock dates on metadata → review. */
  | { type: 'continue'; now?: number }
  | { type: 'back' }
  | { type: 'next-file' }
  | { type: 'previous-file' }
  | { type: 'set-metadata'; key: string; patch: Partial<UploadMetadata> }
  | { type: 'sent'; entryIds: string[] }
  | { type: 'reset' };

export const INITIAL_DIALOG_STATE: UploadDialogState = { step: 'upload', files: [], cursor: 0, entryIds: null };

/** Title = file name without extension, isPublic false, tier free. */
export function defaultMetadata(fileName: string): UploadMetadata {
  return {
    title: titleFromFileName(fileName),
    album: '',
    genre: '',
    description: '',
    tags: [],
    credits: '',
    collaborators: [],
    isPublic: false,
    subscriptionTier: 'free',
    unlockDate: null,
  };
}

function clampCursor(cursor: number, length: number): number {
  return Math.max(0, Math.min(cursor, length - 1));
}

export function uploadDialogReducer(state: UploadDialogState, action: UploadDialogAction): UploadDialogState {
  const locked = state.entryIds !== null;
  switch (action.type) {
    case 'add-files': {
      if (locked || action.files.length === 0) return state;
      const files = [...state.files, ...action.files];
      const step = state.files.length === 0 && state.step === 'upload' ? 'metadata' : state.step;
      return { ...state, files, step };
    }
    case 'remove-file': {
      if (locked) return state;
      const files = state.files.filter((f) => f.key !== action.key);
      if (files.length === state.files.length) return state;
      if (files.length === 0) return { ...state, files, cursor: 0, step: 'upload' };
      return { ...state, files, cursor: clampCursor(state.cursor, files.length) };
    }
    case 'continue':
      if (state.files.length === 0) return state;
      if (state.step === 'upload')
        return { ...state, step: 'metadata', cursor: clampCursor(state.cursor, state.files.length) };
      if (state.step === 'metadata') {
        // A past unlock date stops here, on the first file that has one.
        const now = action.now;
        const invalid = now === undefined ? -1 : state.files.findIndex((f) => unlockDateProblem(f.metadata, now));
        if (invalid >= 0) return { ...state, cursor: invalid };
        return { ...state, step: 'review' };
      }
      return state;
    case 'back':
      if (locked) return state;
      if (state.step === 'review') return { ...state, step: 'metadata' };
      if (state.step === 'metadata') return { ...state, step: 'upload' };
      return state;
    case 'next-file':
      return { ...state, cursor: clampCursor(state.cursor + 1, state.files.length) };
    case 'previous-file':
      return { ...state, cursor: clampCursor(state.cursor - 1, state.files.length) };
    case 'set-metadata':
      if (locked) return state;
      return {
        ...state,
        files: state.files.map((f) =>
          f.key === action.key ? { ...f, metadata: { ...f.metadata, ...action.patch } } : f,
        ),
      };
    case 'sent':
      return { ...state, step: 'review', entryIds: action.entryIds };
    case 'reset':
      return INITIAL_DIALOG_STATE;
  }
}

export interface BatchOutcome {
  /** The sent batch's entries as the outbox lists them (refused or not yet listed: undefined). */
  entries: (OutboxEntry | undefined)[];
  uploading: boolean;
  finished: boolean;
  completed: number;
}

/** Where the sent batch stands, from the dialog state and the outbox's live entries. */
export function batchOutcome(entryIds: readonly string[] | null, entries: readonly OutboxEntry[]): BatchOutcome {
  const batch = (entryIds ?? []).map((id) => (id ? entries.find((e) => e.id === id) : undefined));
  const sentEntries = batch.filter((e): e is OutboxEntry => !!e);
  const sent = entryIds !== null;
  const uploading = sent && sentEntries.some((e) => e.status === 'pending' || e.status === 'uploading');
  // A file refused at enqueue (id '') is processed; a sent file the outbox does not list yet is not
  // (its entry appears a moment after enqueue resolves), so 'Upload Complete!' waits for it.
  const awaitingListing = (entryIds ?? []).some((id, index) => id !== '' && batch[index] === undefined);
  const finished = sent && !uploading && !awaitingListing && (sentEntries.length === 0 || allProcessed(sentEntries));
  const completed = sentEntries.filter((e) => e.status === 'completed').length;
  return { entries: batch, uploading, finished, completed };
}
