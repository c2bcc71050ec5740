/** Public entry of the artist's Daily Rewards section (issue 40 item 2). */
export { ArtistRewardsCard } from './ArtistRewardsCard';
