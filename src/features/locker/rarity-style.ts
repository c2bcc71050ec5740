/** Rarity → Mantine colour and label. */
import type { Rarity } from './types';

export const RARITY_COLOR: Record<Rarity, 'gray' | 'blue' | 'grape' | 'orange'> = {
  common: 'gray',
  rare: 'blue',
  epic: 'grape',
  legendary: 'orange',
};

export const RARITY_LABEL: Record<Rarity, string> = {
  common: 'Common',
  rare: 'Rare',
  epic: 'Epic',
  legendary: 'Legendary',
};
