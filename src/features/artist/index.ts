export { ArtistDashboardPage } from './ArtistDashboardPage';
export { ArtistDashboard, type ArtistDashboardProps } from './components/ArtistDashboard';
