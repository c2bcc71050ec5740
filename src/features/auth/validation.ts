/** Validation rules and messages for sign-in, sign-up and reset password. Pure. */
export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const EMAIL_REQUIRED = 'Email is required';
export const EMAIL_INVALID = 'Please enter a valid email address';
export const PASSWORD_REQUIRED = 'Password is required';
export const CONFIRM_REQUIRED = 'Please confirm your password';
export const TERMS_REQUIRED = 'You must accept the Terms of Service and Privacy Policy';

// The same shape the browser's type="email" accepts: something@something, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export function validateEmail(value: string): string | null {
  if (!value.trim()) return EMAIL_REQUIRED;
  return EMAIL_PATTERN.test(value.trim()) ? null : EMAIL_INVALID;
}

export function validateRequiredPassword(value: string): string | null {
  return value ? null : PASSWORD_REQUIRED;
}

export function validateNewPassword(value: string): string | null {
  if (!value) return PASSWORD_REQUIRED;
  return value.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : null;
}

export function validateConfirmPassword(value: string): string | null {
  if (!value) return CONFIRM_REQUIRED;
  return value.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : null;
}

export function validateTerms(accepted: boolean): string | null {
  return accepted ? null : TERMS_REQUIRED;
}

export interface SignUpValues {
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export interface SignInValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** Field validators for @mantine/form. */
export const signUpFieldRules = {
  email: validateEmail,
  password: validateNewPassword,
  confirmPassword: validateConfirmPassword,
  acceptTerms: validateTerms,
};

export const signInFieldRules = {
  email: validateEmail,
  password: validateRequiredPassword,
};

/** The form-level check run on submit after the field rules: the red-banner mismatch message. */
export function signUpSubmitError(values: Pick<SignUpValues, 'password' | 'confirmPassword'>): string | null {
  return values.password === values.confirmPassword ? null : PASSWORDS_DO_NOT_MATCH;
}

/** Reset password on submit: differing values first, then the minimum length. */
export function resetPasswordSubmitError(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}

/** A shown mismatch message goes away as soon as the two passwords match again. */
export function visibleFormError(error: string | null, password: string, confirmPassword: string): string | null {
  return error === PASSWORDS_DO_NOT_MATCH && password === confirmPassword ? null : error;
}
