import { describe, expect, it } from 'vitest';
import {
  CONFIRM_REQUIRED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  resetPasswordSubmitError,
  signInFieldRules,
  signUpFieldRules,
  signUpSubmitError,
  TERMS_REQUIRED,
  visibleFormError,
} from '../../../src/features/auth/validation';

describe('sign-up rules', () => {
  it('requires an e-mail of e-mail type', () => {
    expect(signUpFieldRules.email('')).toBe(EMAIL_REQUIRED);
    expect(signUpFieldRules.email('   ')).toBe(EMAIL_REQUIRED);
    expect(signUpFieldRules.email('no-at-sign')).toBe(EMAIL_INVALID);
    expect(signUpFieldRules.email('fan@example.com')).toBeNull();
  });
  it('requires a password of at least 6 characters', () => {
    expect(signUpFieldRules.password('')).toBe(PASSWORD_REQUIRED);
    expect(signUpFieldRules.password('12345')).toBe('Password must be at least 6 characters');
    expect(signUpFieldRules.password('123456')).toBeNull();
  });
  it('requires the confirmation with a minimum of 6', () => {
    expect(signUpFieldRules.confirmPassword('')).toBe(CONFIRM_REQUIRED);
    expect(signUpFieldRules.confirmPassword('abc')).toBe('Password must be at least 6 characters');
    expect(signUpFieldRules.confirmPassword('abcdef')).toBeNull();
  });
  it('requires the terms checkbox', () => {
    expect(signUpFieldRules.acceptTerms(false)).toBe(TERMS_REQUIRED);
    expect(signUpFieldRules.acceptTerms(true)).toBeNull();
  });
  it('refuses differing passwords with the banner message', () => {
    expect(signUpSubmitError({ password: 'secret1', confirmPassword: 'secret2' })).toBe('Passwords do not match');
    expect(signUpSubmitError({ password: 'secret1', confirmPassword: 'secret1' })).toBeNull();
  });
});

describe('sign-in rules', () => {
  it('requires e-mail and password', () => {
    expect(signInFieldRules.email('')).toBe(EMAIL_REQUIRED);
    expect(signInFieldRules.password('')).toBe(PASSWORD_REQUIRED);
    expect(signInFieldRules.password('x')).toBeNull();
  });
});

describe('reset password on submit', () => {
  it('checks the match first, then the length', () => {
    expect(resetPasswordSubmitError('abc', 'abd')).toBe('Passwords do not match');
    expect(resetPasswordSubmitError('abc', 'abc')).toBe('Password must be at least 6 characters');
    expect(resetPasswordSubmitError('abcdef', 'abcdef')).toBeNull();
  });
});

describe('visibleFormError', () => {
  it('drops "Passwords do not match" once the passwords match, and keeps every other message', () => {
    expect(visibleFormError(PASSWORDS_DO_NOT_MATCH, 'secret1', 'secret2')).toBe(PASSWORDS_DO_NOT_MATCH);
    expect(visibleFormError(PASSWORDS_DO_NOT_MATCH, 'secret1', 'secret1')).toBeNull();
    expect(visibleFormError(PASSWORD_TOO_SHORT, 'abc', 'abc')).toBe(PASSWORD_TOO_SHORT);
    expect(visibleFormError('Invalid login credentials', 'a', 'a')).toBe('Invalid login credentials');
    expect(visibleFormError(null, 'a', 'b')).toBeNull();
  });
});
