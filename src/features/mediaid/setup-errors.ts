/** The setup modal's error-banner mapping. Pure. */
export const USER_NOT_AUTHENTICATED = 'User not authenticated';
export const SETUP_NETWORK_MESSAGE = 'Network connection issue. Please check your internet and try again.';
export const SETUP_AUTH_EXPIRED_MESSAGE = 'Authentication expired. Please sign in again.';
export const SETUP_DEFAULT_MESSAGE = 'An unexpected error occurred. Please try again.';

export function setupDuplicateMessage(role: string): string {
  return `You already have a MediaID set up for the ${role} role. Updating your preferences...`;
}

export function setupSuccessMessage(role: string): string {
  return `MediaID setup completed for ${role} role!`;
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return '';
}

export function mapSetupError(error: unknown, role: string): string {
  const message = messageOf(error);
  if (!message.trim()) return SETUP_DEFAULT_MESSAGE;
  if (message === USER_NOT_AUTHENTICATED) return USER_NOT_AUTHENTICATED;
  if (/interest/i.test(message)) return message;
  if (/network|fetch/i.test(message)) return SETUP_NETWORK_MESSAGE;
  if (/auth|unauthorized|jwt/i.test(message)) return SETUP_AUTH_EXPIRED_MESSAGE;
  if (/database|unique|duplicate/i.test(message)) return setupDuplicateMessage(role);
  return message;
}
