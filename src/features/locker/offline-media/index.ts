/** Offline listening for locker tracks: kept Blobs, played from object URLs. */
export { LockerTrack } from './LockerTrack';
export { OfflineMediaSummary } from './OfflineMediaSummary';
export { useOfflineMedia, sampleTrackBlob, type OfflineMedia } from './use-offline-media';
export { canKeepOffline, formatBytes, storageSummary } from './offline-rules';
export { toneWav, toneFrequencyFor } from './tone-wav';
