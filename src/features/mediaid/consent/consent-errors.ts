/** The consent screen's messages for what can go wrong: pure, unit-tested. */

export const CONSENT_TEXT = {
  missingId: 'This sign-in link is incomplete. Go back to the app and choose “Sign in with MediaID” again.',
  expired: 'This sign-in request has expired or was already answered. Go back to the app and sign in again.',
  unknownApp:
    'This app is not registered with Bucket, or its developer has disabled it, so it cannot connect to your MediaID.',
  noScopes: 'This app has registered no MediaID access, so there is nothing to allow.',
  offline: 'You’re offline. Connecting an app needs the network — reconnect, then try again.',
  noMediaId: 'Set up your MediaID before connecting apps to it.',
  unsafeRedirect:
    'This app asked Bucket to send you to an address that is not a safe web address, so Bucket stopped here. Go back to the app and tell its developer.',
} as const;

interface AuthErrorLike {
  message?: string;
  code?: string;
  status?: number;
}

/** A getAuthorizationDetails / approve / deny error as the user should read it. */
export function describeConsentError(error: AuthErrorLike): string {
  if (error.code === 'oauth_authorization_not_found' || error.status === 404) return CONSENT_TEXT.expired;
  if (error.code === 'validation_failed' && /pending|processed/.test(error.message ?? '')) return CONSENT_TEXT.expired;
  if (error.status === 0 || /fetch|network/i.test(error.message ?? '')) return CONSENT_TEXT.offline;
  return error.message ? `Could not complete the request: ${error.message}` : 'Could not complete the request.';
}
