import { describe, expect, it } from 'vitest';
import { onboardingErrorMessage, onboardingFailureAlert } from '../../../src/features/onboarding/onboarding-errors';

describe('onboarding errors', () => {
  it('has one message per failing stage', () => {
    expect(onboardingErrorMessage('auth')).toBe('Authentication required. Please sign in again.');
    expect(onboardingErrorMessage('media-id')).toBe('Failed to create MediaID profile');
    expect(onboardingErrorMessage('profile')).toBe('Failed to complete onboarding');
  });
  it('wraps the message in the alert text', () => {
    expect(onboardingFailureAlert('Failed to complete onboarding')).toBe(
      'Setup failed: Failed to complete onboarding. Please check your connection and try again.',
    );
  });
});
