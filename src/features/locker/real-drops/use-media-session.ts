import { useEffect, type RefObject } from 'react';
import { wireMediaSession, type MediaSessionControls, type MediaTrackInfo } from './media-session';

/** Wires the element to the Media Session while mounted (see media-session.ts). */
export function useMediaSession(
  ref: RefObject<HTMLAudioElement | null>,
  track: MediaTrackInfo,
  controls: MediaSessionControls,
  ready: boolean,
): void {
  const { title, artist, album, artwork } = track;
  const { onNext, onPrevious } = controls;
  useEffect(() => {
    const element = ref.current;
    if (!element || !ready) return undefined;
    return wireMediaSession(element, { title, artist, album, artwork }, { onNext, onPrevious });
  }, [ref, ready, title, artist, album, artwork, onNext, onPrevious]);
}
