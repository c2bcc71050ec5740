import { useEffect } from 'react';
import { wireMediaSession, type MediaSessionControls, type MediaTrackInfo } from './media-session';

/** Wires the element, while there is one, to the Media Session (see media-session.ts). */
export function useMediaSession(
  element: HTMLAudioElement | null,
  track: MediaTrackInfo,
  controls: MediaSessionControls,
): void {
  const { title, artist, album, artwork } = track;
  const { onNext, onPrevious } = controls;
  useEffect(() => {
    if (!element) return undefined;
    return wireMediaSession(element, { title, artist, album, artwork }, { onNext, onPrevious });
  }, [element, title, artist, album, artwork, onNext, onPrevious]);
}
