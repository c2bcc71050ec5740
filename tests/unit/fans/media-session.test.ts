/** Media Session wiring: lock-screen metadata and play/pause/seek/next drive the audio element. */
import { describe, expect, it, vi } from 'vitest';
import { wireMediaSession, type MediaSessionLike } from '../../../src/features/locker/real-drops/media-session';

type Handler = (details: { seekTime?: number; seekOffset?: number }) => void;

class FakeAudio extends EventTarget {
  currentTime = 0;
  duration = 120;
  playbackRate = 1;
  paused = true;
  play = vi.fn(async () => {
    this.paused = false;
    this.dispatchEvent(new Event('play'));
  });
  pause = vi.fn(() => {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  });
}

function fakeSession() {
  const handlers = new Map<string, Handler>();
  const positions: { duration: number; position: number; playbackRate: number }[] = [];
  const session: MediaSessionLike & { handlers: Map<string, Handler>; positions: typeof positions } = {
    metadata: null,
    playbackState: 'none',
    handlers,
    positions,
    setActionHandler(action, handler) {
      if (handler) handlers.set(action, handler);
      else handlers.delete(action);
    },
    setPositionState(state) {
      positions.push(state);
    },
  };
  return session;
}

const track = { title: 'Signal Fade', artist: 'Nova Static', artwork: 'data:image/svg+xml,x' };

describe('wireMediaSession', () => {
  it('sets title, artist and artwork when the track starts and reports the position', async () => {
    const audio = new FakeAudio();
    const session = fakeSession();
    wireMediaSession(audio as never, track, {}, session);
    expect(session.metadata).toBeNull(); // nothing until this element plays
    await audio.play();
    expect(session.metadata).toMatchObject({ title: 'Signal Fade', artist: 'Nova Static' });
    expect(JSON.stringify(session.metadata)).toContain('data:image/svg+xml,x');
    expect(session.playbackState).toBe('playing');
    expect(session.positions.at(-1)).toEqual({ duration: 120, position: 0, playbackRate: 1 });
    audio.pause();
    expect(session.playbackState).toBe('paused');
  });

  it('lock-screen play, pause, seek and next drive the element', async () => {
    const audio = new FakeAudio();
    const session = fakeSession();
    const onNext = vi.fn();
    const onPrevious = vi.fn();
    wireMediaSession(audio as never, track, { onNext, onPrevious }, session);
    await audio.play();
    session.handlers.get('pause')!({});
    expect(audio.pause).toHaveBeenCalled();
    session.handlers.get('play')!({});
    expect(audio.play).toHaveBeenCalledTimes(2);
    session.handlers.get('seekto')!({ seekTime: 42 });
    expect(audio.currentTime).toBe(42);
    session.handlers.get('seekforward')!({});
    expect(audio.currentTime).toBe(52);
    session.handlers.get('seekbackward')!({ seekOffset: 60 });
    expect(audio.currentTime).toBe(0);
    session.handlers.get('seekto')!({ seekTime: 999 });
    expect(audio.currentTime).toBe(120);
    session.handlers.get('nexttrack')!({});
    session.handlers.get('previoustrack')!({});
    expect(onNext).toHaveBeenCalledOnce();
    expect(onPrevious).toHaveBeenCalledOnce();
  });

  it('cleanup removes its handlers and metadata; an element that never played leaves the session alone', async () => {
    const session = fakeSession();
    const a = new FakeAudio();
    const b = new FakeAudio();
    const unwireA = wireMediaSession(a as never, track, {}, session);
    const unwireB = wireMediaSession(b as never, { ...track, title: 'Other' }, {}, session);
    await a.play();
    unwireB(); // b never played: a keeps the session
    expect(session.metadata).toMatchObject({ title: 'Signal Fade' });
    expect(session.handlers.has('play')).toBe(true);
    unwireA();
    expect(session.metadata).toBeNull();
    expect(session.handlers.size).toBe(0);
    expect(session.playbackState).toBe('none');
    a.dispatchEvent(new Event('play'));
    expect(session.metadata).toBeNull(); // listeners gone too
  });

  it('no Media Session (old browsers): a no-op', () => {
    expect(() => wireMediaSession(new FakeAudio() as never, track, {}, null)()).not.toThrow();
  });
});
