import { describe, expect, it } from 'vitest';
import {
  INITIAL_TRACK_SOURCE,
  KEEP_ERROR,
  STREAM_ERROR,
  trackSourceReducer,
  type TrackSourceAction,
} from '../../../src/features/locker/real-drops/track-source';

const run = (actions: TrackSourceAction[]) => actions.reduce(trackSourceReducer, INITIAL_TRACK_SOURCE);

describe('real locker track source and error', () => {
  it('a failed stream shows the error', () => {
    expect(run([{ type: 'stream-failed' }])).toEqual({ src: null, error: STREAM_ERROR });
  });

  it('the kept copy on the device replaces a failed stream and the error goes away', () => {
    // Offline: the signed URL fails before the device copy is known, then the kept copy loads.
    const state = run([{ type: 'stream-failed' }, { type: 'cleared' }, { type: 'source', url: 'blob:kept' }]);
    expect(state).toEqual({ src: 'blob:kept', error: '' });
  });

  it('playback that starts clears any error under the track', () => {
    const state = run([{ type: 'source', url: 'blob:kept' }, { type: 'stream-failed' }, { type: 'playing' }]);
    expect(state).toEqual({ src: 'blob:kept', error: '' });
    expect(run([{ type: 'keep-failed' }, { type: 'playing' }]).error).toBe('');
  });

  it('a keep failure stays while the source changes, until playback or a new keep', () => {
    const state = run([{ type: 'source', url: 'https://signed' }, { type: 'keep-failed' }, { type: 'cleared' }]);
    expect(state.error).toBe(KEEP_ERROR);
    expect(run([{ type: 'keep-failed' }, { type: 'keep-started' }]).error).toBe('');
  });
});
