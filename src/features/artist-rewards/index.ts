/** Public entry of the artist's Daily Rewards section. */
export { ArtistRewardsCard } from './ArtistRewardsCard';
