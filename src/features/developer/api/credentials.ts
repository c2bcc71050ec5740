/**
 * Client credentials, generated on the device with the Web Crypto API. Invariants: the clear
 * secret exists only in memory, long enough to be shown once; what is stored and synced is its
 * SHA-256 hex digest and its last four characters.
 */

/** RFC 4648 §5 base64url without padding. */
export function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomBase64Url(byteCount: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(byteCount)));
}

/** "bkt_" + 24 base64url characters (18 random bytes); cards show the first 20 characters. */
export function generateClientId(): string {
  return `bkt_${randomBase64Url(18)}`;
}

/** "bkt_sk_" + base64url of 32 random bytes (43 characters). */
export function generateClientSecret(): string {
  return `bkt_sk_${randomBase64Url(32)}`;
}

/** Lower-case hex SHA-256 of the secret (what the server's check expects). */
export async function hashSecret(secret: string): Promise<string> {
  if (!globalThis.crypto?.subtle) throw new Error('Secure context required to create an application (HTTPS).');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface NewCredentials {
  clientId: string;
  clientSecret: string;
  clientSecretHash: string;
  clientSecretLast4: string;
}

export async function createCredentials(): Promise<NewCredentials> {
  const clientSecret = generateClientSecret();
  return {
    clientId: generateClientId(),
    clientSecret,
    clientSecretHash: await hashSecret(clientSecret),
    clientSecretLast4: clientSecret.slice(-4),
  };
}
