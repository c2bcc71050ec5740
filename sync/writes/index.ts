/**
 * Entry `@sync/writes`: the app's writes to the device database. Each takes the open database and
 * writes locally first; replication pushes it. Light: no engine, no network.
 */
export { upsertMediaId, type MediaIdInput } from './upsert-media-id';
export { saveProfile, type ProfileInput } from './save-profile';
export { logEngagement, type EngagementInput } from './log-engagement';
export { putContentItem, type ContentItemInput } from './put-content-item';
export { editContentItem, deleteContentItem, type ContentItemEdit } from './edit-content-item';
export { followArtist, unfollowArtist, type FollowInput } from './follow-artist';
