/** Public entry of the Daily Locker feature. */
export { DailyLockerCarousel, type DailyLockerCarouselProps } from './DailyLockerCarousel';
export type { LockerCardHandlers } from './LockerCardActions';
export { LockerEmptyState } from './LockerEmptyState';
export { LockerSkeleton } from './LockerSkeleton';
export { SAMPLE_LOCKER_ITEMS, buildSampleLockerItems } from './sample-locker-items';
export { useLockerItemsState } from './use-locker-items-state';
export { countdownColor, formatTimeLeft, COUNTDOWN_TICK_MS } from './countdown';
export type { LockerItem, LockerItemType, LockerReactions, Rarity, ReactionKind, RealDrop } from './types';
export { lockerItemsFromRows, refusedLockerMessages } from './locker-from-rows';
export { writeLockerChange, writeLockerComment, type LockerChange } from './locker-writes';
export { LockerTrack, OfflineMediaSummary, useOfflineMedia, type OfflineMedia } from './offline-media';
export { realDropsFromRows } from './real-drops/real-drop';
export { wireMediaSession, type MediaSessionLike, type MediaTrackInfo } from './real-drops/media-session';
