/** What a day says when it replaced a brand's code because the brand stopped its campaign. */
import type { DailyReward } from './types';

function brandCode(replaced: NonNullable<DailyReward['replaced']>): string {
  return replaced.brandName ? `${replaced.brandName}'s code` : "a brand's code";
}

/** The day modal's and today's banner's note, or null on a day that replaced nothing. */
export function replacedNote(reward: Pick<DailyReward, 'replaced'>): string | null {
  const replaced = reward.replaced;
  if (!replaced) return null;
  const title = replaced.title ? ` (${replaced.title})` : '';
  return `Replaces ${brandCode(replaced)}${title}: the brand ended its campaign early.`;
}

/** The day cell's short form, read as part of its label. */
export function replacedMarkerLabel(reward: Pick<DailyReward, 'replaced'>): string | null {
  return reward.replaced ? `replaces ${brandCode(reward.replaced)}` : null;
}
