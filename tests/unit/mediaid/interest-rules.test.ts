import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRIVACY,
  GENRE_OPTIONS,
  INTEREST_OPTIONS,
  PRIVACY_LABELS,
} from '../../../src/features/mediaid/constants';
import {
  canContinueWithInterests,
  interestCounterText,
  modalInterestsError,
  onboardingInterestsError,
  toggleInterest,
} from '../../../src/features/mediaid/interest-rules';

const pick = (n: number) => INTEREST_OPTIONS.slice(0, n);

describe('interest constants', () => {
  it('has 10 interests, 12 genres and the §3 privacy defaults', () => {
    expect(INTEREST_OPTIONS).toHaveLength(10);
    expect(GENRE_OPTIONS).toHaveLength(12);
    expect(DEFAULT_PRIVACY).toEqual({
      data_sharing: true,
      location_access: false,
      audio_capture: false,
      anonymous_logging: true,
      marketing_communications: false,
    });
    expect(PRIVACY_LABELS.audio_capture).toBe('Audio Recognition/Capture');
  });
});

describe('modal interests', () => {
  it('needs at least 3 and at most 5', () => {
    expect(modalInterestsError(pick(2))).toBe('Please select at least 3 interests to personalize your experience.');
    expect(modalInterestsError(pick(3))).toBeNull();
    expect(modalInterestsError(pick(5))).toBeNull();
    expect(modalInterestsError(pick(6))).toBe('Please select no more than 5 interests to keep your profile focused.');
  });
  it('caps selection at 5 and toggles off', () => {
    const five = pick(5);
    expect(toggleInterest(five, 'Rising talent', 5)).toEqual(five);
    expect(toggleInterest(five, five[0]!, 5)).toHaveLength(4);
    expect(interestCounterText(2)).toBe('Selected: 2/5 interests');
  });
});

describe('onboarding interests', () => {
  it('allows a sixth pick but refuses to submit it', () => {
    expect(toggleInterest(pick(5), 'Rising talent')).toHaveLength(6);
    expect(onboardingInterestsError(pick(6))).toBe('Please select 3-5 interests');
    expect(onboardingInterestsError(pick(2))).toBe('Please select 3-5 interests');
    expect(onboardingInterestsError(pick(4))).toBeNull();
  });
  it('disables Continue under 3', () => {
    expect(canContinueWithInterests(pick(2))).toBe(false);
    expect(canContinueWithInterests(pick(3))).toBe(true);
  });
});
