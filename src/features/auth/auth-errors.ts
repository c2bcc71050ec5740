/** Error catalogue for sign-in, sign-up, OAuth, reset and password update. Pure. */
export const NETWORK_MESSAGE =
  'Unable to connect to authentication service. Please check your internet connection and environment configuration.';
/** Configuration problem: a placeholder backend URL or a host that does not resolve. */
export const CONFIG_MESSAGE =
  'Environment configuration error: create a .env file in the project root with VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY set to your backend credentials, then restart the development server.';
export const SIGN_IN_DEFAULT = 'Failed to sign in';
export const SIGN_UP_DEFAULT = 'Failed to create account';
export const RESET_EMAIL_FAILED = 'Failed to send reset email';
export const PASSWORD_UPDATE_FAILED = 'Failed to update password';
export const INVALID_RESET_LINK = 'Invalid or expired reset link. Please request a new password reset.';
export const USE_AUTH_OUTSIDE_PROVIDER = 'useAuth must be used within an AuthProvider';

export type OAuthProvider = 'google' | 'facebook';
export const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: 'Google', facebook: 'Facebook' };

export function oauthSignInError(provider: OAuthProvider): string {
  return `Failed to sign in with ${PROVIDER_NAMES[provider]}`;
}

export function oauthSignUpError(provider: OAuthProvider): string {
  return `Failed to sign up with ${PROVIDER_NAMES[provider]}`;
}

export interface ErrorContext {
  /** env.configProblem: a placeholder or malformed backend URL. */
  configProblem: string | null;
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object') {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return '';
}

const UNRESOLVED_HOST = /ENOTFOUND|ERR_NAME_NOT_RESOLVED|getaddrinfo|name not resolved|Invalid URL/i;
const NETWORK_FAILURE = /Failed to fetch|NetworkError|Load failed|fetch failed|network|ECONNREFUSED/i;

export function isNetworkError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  const name = (error as { name?: unknown } | null)?.name;
  return NETWORK_FAILURE.test(messageOf(error)) || (name === 'AuthRetryableFetchError' && status === 0);
}

function mapAuthError(error: unknown, context: ErrorContext, fallback: string): string {
  const message = messageOf(error);
  if (context.configProblem || UNRESOLVED_HOST.test(message)) return CONFIG_MESSAGE;
  if (isNetworkError(error)) return NETWORK_MESSAGE;
  // supabase-js reports an empty JSON body as '{}'; treat it as no message.
  return message.trim() && message !== '{}' ? message : fallback;
}

export function mapSignInError(error: unknown, context: ErrorContext): string {
  return mapAuthError(error, context, SIGN_IN_DEFAULT);
}

export function mapSignUpError(error: unknown, context: ErrorContext): string {
  return mapAuthError(error, context, SIGN_UP_DEFAULT);
}

export function mapResetEmailError(error: unknown, context: ErrorContext): string {
  const mapped = mapAuthError(error, context, RESET_EMAIL_FAILED);
  return mapped === CONFIG_MESSAGE || mapped === NETWORK_MESSAGE ? mapped : RESET_EMAIL_FAILED;
}

export function mapPasswordUpdateError(error: unknown): string {
  const message = messageOf(error).trim();
  return message && message !== '{}' ? message : PASSWORD_UPDATE_FAILED;
}
