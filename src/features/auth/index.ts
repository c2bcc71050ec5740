/** Public API of the auth feature: other features import only from here. */
export { useAuth, type AuthContextValue } from './AuthContext';
export type { IdentityStore } from './identity-store';
export { SignOutDialog } from './components/SignOutDialog';
export { SignedInNotice } from './components/SignedInNotice';
export { useArrivedSignedIn } from './use-arrived-signed-in';
