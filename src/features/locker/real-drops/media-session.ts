/**
 * Media Session wiring: the lock screen / notification shows the playing
 * track's title, artist and artwork, and its play, pause, seek and next/previous buttons drive
 * the <audio> element. Invariants: metadata is set when this element starts playing (so the last
 * played element owns the session); position state follows the element; cleanup removes every
 * handler this call installed and leaves a session another element owns untouched.
 */

export interface MediaTrackInfo {
  title: string;
  artist: string;
  album?: string;
  artwork?: string;
}

export interface MediaSessionControls {
  onNext?: () => void;
  onPrevious?: () => void;
}

/** The parts of navigator.mediaSession used here (injectable for tests). */
export interface MediaSessionLike {
  metadata: unknown;
  playbackState: 'none' | 'paused' | 'playing';
  setActionHandler(
    action: string,
    handler: ((details: { seekTime?: number; seekOffset?: number }) => void) | null,
  ): void;
  setPositionState?(state: { duration: number; position: number; playbackRate: number }): void;
}

/** The parts of HTMLMediaElement used here. */
export type MediaElementLike = Pick<
  HTMLMediaElement,
  'play' | 'pause' | 'currentTime' | 'duration' | 'playbackRate' | 'paused' | 'addEventListener' | 'removeEventListener'
>;

const SEEK_STEP_SECONDS = 10;

export function browserMediaSession(): MediaSessionLike | null {
  return typeof navigator !== 'undefined' && 'mediaSession' in navigator
    ? (navigator.mediaSession as unknown as MediaSessionLike)
    : null;
}

function makeMetadata(track: MediaTrackInfo): unknown {
  const init = {
    title: track.title,
    artist: track.artist,
    album: track.album ?? '',
    artwork: track.artwork ? [{ src: track.artwork, sizes: '512x512' }] : [],
  };
  const Metadata = (globalThis as { MediaMetadata?: new (init: unknown) => unknown }).MediaMetadata;
  return Metadata ? new Metadata(init) : init;
}

export function wireMediaSession(
  element: MediaElementLike,
  track: MediaTrackInfo,
  controls: MediaSessionControls = {},
  session: MediaSessionLike | null = browserMediaSession(),
): () => void {
  if (!session) return () => undefined;
  let owner = false;
  const clamp = (time: number) =>
    Math.max(0, Number.isFinite(element.duration) ? Math.min(time, element.duration) : time);
  const updatePosition = () => {
    if (!owner || !session.setPositionState || !Number.isFinite(element.duration) || element.duration <= 0) return;
    try {
      session.setPositionState({
        duration: element.duration,
        position: Math.min(element.currentTime, element.duration),
        playbackRate: element.playbackRate || 1,
      });
    } catch {
      // Some browsers refuse position state while metadata loads; the next event retries.
    }
  };
  const handlers: Record<string, (details: { seekTime?: number; seekOffset?: number }) => void> = {
    play: () => void element.play(),
    pause: () => element.pause(),
    seekto: (details) => {
      if (typeof details.seekTime === 'number') element.currentTime = clamp(details.seekTime);
      updatePosition();
    },
    seekbackward: (details) => {
      element.currentTime = clamp(element.currentTime - (details.seekOffset ?? SEEK_STEP_SECONDS));
      updatePosition();
    },
    seekforward: (details) => {
      element.currentTime = clamp(element.currentTime + (details.seekOffset ?? SEEK_STEP_SECONDS));
      updatePosition();
    },
    ...(controls.onNext ? { nexttrack: () => controls.onNext?.() } : {}),
    ...(controls.onPrevious ? { previoustrack: () => controls.onPrevious?.() } : {}),
  };
  const install = () => {
    for (const [action, handler] of Object.entries(handlers)) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not support.
      }
    }
  };
  const onPlay = () => {
    owner = true;
    session.metadata = makeMetadata(track);
    install();
    session.playbackState = 'playing';
    updatePosition();
  };
  const onPause = () => {
    if (owner) session.playbackState = 'paused';
  };
  element.addEventListener('play', onPlay);
  element.addEventListener('pause', onPause);
  element.addEventListener('loadedmetadata', updatePosition);
  element.addEventListener('seeked', updatePosition);
  return () => {
    element.removeEventListener('play', onPlay);
    element.removeEventListener('pause', onPause);
    element.removeEventListener('loadedmetadata', updatePosition);
    element.removeEventListener('seeked', updatePosition);
    if (!owner) return;
    for (const action of Object.keys(handlers)) {
      try {
        session.setActionHandler(action, null);
      } catch {
        // unsupported action
      }
    }
    session.metadata = null;
    session.playbackState = 'none';
  };
}
