/** Interest selection rules (modal 3-5 with a cap, onboarding 3-5 without a cap). Pure. */
import { MAX_INTERESTS, MIN_INTERESTS } from './constants';

export const INTERESTS_MIN_MESSAGE = 'Please select at least 3 interests to personalize your experience.';
export const INTERESTS_MAX_MESSAGE = 'Please select no more than 5 interests to keep your profile focused.';
export const ONBOARDING_INTERESTS_MESSAGE = 'Please select 3-5 interests';

/** Adds or removes an interest; with a cap, adding past it leaves the list unchanged. */
export function toggleInterest(selected: readonly string[], interest: string, cap?: number): string[] {
  if (selected.includes(interest)) return selected.filter((item) => item !== interest);
  if (cap !== undefined && selected.length >= cap) return [...selected];
  return [...selected, interest];
}

/** The setup modal's check before moving past step 1 and before submitting. */
export function modalInterestsError(selected: readonly string[]): string | null {
  if (selected.length < MIN_INTERESTS) return INTERESTS_MIN_MESSAGE;
  if (selected.length > MAX_INTERESTS) return INTERESTS_MAX_MESSAGE;
  return null;
}

/** Onboarding lets a sixth interest be picked but refuses to submit it. */
export function onboardingInterestsError(selected: readonly string[]): string | null {
  return selected.length < MIN_INTERESTS || selected.length > MAX_INTERESTS ? ONBOARDING_INTERESTS_MESSAGE : null;
}

export function canContinueWithInterests(selected: readonly string[]): boolean {
  return selected.length >= MIN_INTERESTS;
}

/** 'Selected: n/5 interests' of the modal's counter. */
export function interestCounterText(count: number): string {
  return `Selected: ${count}/${MAX_INTERESTS} interests`;
}
