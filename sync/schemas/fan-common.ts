/**
 * Pieces shared by the fan collections (locker, rewards, subscriptions). Invariants: per-fan ids
 * are `fan_id|key` strings (deterministic, so offline writes on two devices converge); every
 * indexed field is required and bounded (Dexie DXE1).
 */
export const fanKeyField = { type: 'string', maxLength: 200 } as const;
export const nullableString = { type: ['string', 'null'] } as const;
export const countField = { type: 'integer', minimum: 0 } as const;
export const rarityField = { type: 'string', enum: ['common', 'rare', 'epic', 'legendary'] } as const;
export type Rarity = 'common' | 'rare' | 'epic' | 'legendary';

/** `fan_id|key`, the id the server's trigger expects. */
export function fanRowId(fanId: string, key: string | number): string {
  return `${fanId}|${key}`;
}
