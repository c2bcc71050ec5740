/**
 * Where a real locker track plays from and the error shown under it, as a pure reducer.
 * A stream error belongs to the attempt that failed: a newer source (the kept copy on the device,
 * or a later signed URL) or playback that actually starts clears it, so "cannot be streamed" never
 * stays under a track that is playing.
 */

export const STREAM_ERROR = 'This track cannot be streamed right now.';
export const KEEP_ERROR = 'Could not keep this track: check your connection and storage.';

export interface TrackSourceState {
  src: string | null;
  error: string;
}

export type TrackSourceAction =
  | { type: 'source'; url: string }
  | { type: 'stream-failed' }
  | { type: 'cleared' }
  | { type: 'playing' }
  | { type: 'keep-started' }
  | { type: 'keep-failed' };

export const INITIAL_TRACK_SOURCE: TrackSourceState = { src: null, error: '' };

export function trackSourceReducer(state: TrackSourceState, action: TrackSourceAction): TrackSourceState {
  switch (action.type) {
    case 'source':
      return { src: action.url, error: state.error === STREAM_ERROR ? '' : state.error };
    case 'stream-failed':
      return { ...state, error: STREAM_ERROR };
    case 'cleared':
      // The source is being replaced (kept, removed, unlocked): the old attempt's error goes with it.
      return { src: null, error: state.error === STREAM_ERROR ? '' : state.error };
    case 'playing':
      return state.error === '' ? state : { ...state, error: '' };
    case 'keep-started':
      return { ...state, error: '' };
    case 'keep-failed':
      return { ...state, error: KEEP_ERROR };
  }
}
