/**
 * Entry `@sync/model`: the engine's rules and row types that screens need without loading the
 * engine — who may open what (entitlement), an item's release state, the row shapes, roles, MediaID
 * defaults and scopes. Invariant: every module re-exported here is plain TypeScript with no RxDB,
 * Dexie or network import at run time, so a route chunk that imports it stays small.
 */
export * from './fans/entitlement';
export * from './content/release-state';
export * from './schemas/types';
export * from './schemas/scopes';
export * from './writes/media-id-defaults';
export { fanRowId } from './schemas/fan-common';
export { isIndexedDbNameOfUser } from './database-name';
export type { DailyRewardDoc } from './schemas/daily-rewards';
export type { DeveloperAppDoc } from './schemas/developer-apps';
export type { FollowedContentDoc } from './schemas/followed-content';
export type { LockerCommentDoc } from './schemas/locker-comments';
export type { LockerInteractionDoc, LockerInteractionRow } from './schemas/locker-interactions';
export type { LockerItemDoc } from './schemas/locker-items';
export type { RewardClaimDoc } from './schemas/reward-claims';
export type { SubscriptionDoc } from './schemas/subscriptions';
