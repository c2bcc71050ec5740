/** Public API of MediaID: the setup modal after sign-up and the pieces onboarding reuses. */
export { MediaIdSetupModal } from './MediaIdSetupModal';
export { SaveMediaIdError, saveMediaIdSetup } from './api/save-media-id';
export { GenrePicker } from './components/GenrePicker';
export { InterestPicker } from './components/InterestPicker';
export { PrivacyControls } from './components/PrivacyControls';
export { DEFAULT_PRIVACY, interestOptionsFor, ONBOARDING_LOCATION_CODE, type PrivacySettings } from './constants';
export { canContinueWithInterests, onboardingInterestsError } from './interest-rules';
