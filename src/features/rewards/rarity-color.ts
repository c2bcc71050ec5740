import type { RewardRarity } from './types';

export const RARITY_COLOR: Record<RewardRarity, 'gray' | 'blue' | 'grape' | 'orange'> = {
  common: 'gray',
  rare: 'blue',
  epic: 'grape',
  legendary: 'orange',
};
