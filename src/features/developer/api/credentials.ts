/** Client credentials: random, URL-safe, generated on the device with the Web Crypto API. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomString(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** "bkt_client_" + 24 random characters (35 characters; cards show the first 20). */
export function generateClientId(): string {
  return `bkt_client_${randomString(24)}`;
}

/** "bkt_secret_" + 40 random characters. */
export function generateClientSecret(): string {
  return `bkt_secret_${randomString(40)}`;
}
