export { DeveloperPortalPage } from './DeveloperPortalPage';
export { DeveloperPortal } from './components/DeveloperPortal';
