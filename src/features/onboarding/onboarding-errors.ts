/** Onboarding error texts. Pure. */
export const ONBOARDING_AUTH_REQUIRED = 'Authentication required. Please sign in again.';
export const ONBOARDING_MEDIA_ID_FAILED = 'Failed to create MediaID profile';
export const ONBOARDING_COMPLETE_FAILED = 'Failed to complete onboarding';

/** The alert text wrapping an onboarding failure. */
export function onboardingFailureAlert(message: string): string {
  return `Setup failed: ${message}. Please check your connection and try again.`;
}

export type OnboardingFailureStage = 'auth' | 'media-id' | 'profile';

export function onboardingErrorMessage(stage: OnboardingFailureStage): string {
  if (stage === 'auth') return ONBOARDING_AUTH_REQUIRED;
  if (stage === 'media-id') return ONBOARDING_MEDIA_ID_FAILED;
  return ONBOARDING_COMPLETE_FAILED;
}
