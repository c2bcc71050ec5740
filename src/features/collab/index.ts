/** Public API of the collaboration screens (used by the demos). */
export { CollaborationHub } from './hub/CollaborationHub';
export { CulturalCollaborationPortal } from './portal/CulturalCollaborationPortal';
export type { CollabUserType } from './collab-rules';
export { CollaborationsPage } from './real/CollaborationsPage';
export { CollabEarningsLine } from './real/CollabEarningsLine';
