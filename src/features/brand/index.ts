export { BrandDashboardPage } from './BrandDashboardPage';
export { BrandDashboard, type BrandDashboardProps } from './components/BrandDashboard';
