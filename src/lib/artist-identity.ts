/**
 * An artist's public identity: the rules the server enforces in migration
 * 20261127100000_artist_profiles.sql, checked before a write so bad input gets a clear message
 * and changes nothing. Pure; shared by the MediaID setup and the artist dashboard.
 */

export const ARTIST_NAME_MAX = 60;
export const ARTIST_BIO_MAX = 280;
export const ARTIST_GENRES_MAX = 5;
/** Shown wherever an artist has not chosen a name yet (the server's placeholder). */
export const UNNAMED_ARTIST = 'Unnamed artist';
export const NAME_IS_EMAIL = 'Your artist name cannot be your e-mail address';

/** Genre options (the server accepts exactly these). */
export const ARTIST_GENRE_OPTIONS = [
  'Electronic',
  'Hip-Hop',
  'R&B',
  'Indie Rock',
  'Folk',
  'Jazz',
  'Synthwave',
  'Lo-fi',
  'Ambient',
  'Experimental',
  'Pop',
  'Alternative',
] as const;

export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

const EMAIL_LIKE = /[^\s@]+@[^\s@]+\.[^\s@]+/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** Trimmed, inner runs of whitespace collapsed, control characters removed. */
export function normalizeArtistName(raw: string): string {
  return raw.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
}

/** Why a name cannot be the public name, or null when it can. `email` is the account's own. */
export function artistNameError(raw: string, email?: string | null): string | null {
  const name = normalizeArtistName(raw);
  if (!name) return 'Enter your artist name';
  if (name.length > ARTIST_NAME_MAX) return `Keep your artist name to ${ARTIST_NAME_MAX} characters`;
  const lower = name.toLowerCase();
  const address = email?.trim().toLowerCase();
  if (EMAIL_LIKE.test(name)) return NAME_IS_EMAIL;
  if (address && (lower.includes(address) || lower === address.split('@')[0])) return NAME_IS_EMAIL;
  return null;
}

export function artistBioError(bio: string): string | null {
  return bio.trim().length > ARTIST_BIO_MAX ? `Keep your bio to ${ARTIST_BIO_MAX} characters` : null;
}

export function pictureFileError(file: { type: string; size: number }): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP image';
  if (file.size === 0) return 'This image is empty';
  if (file.size > PICTURE_MAX_BYTES) return 'Choose an image under 5 MB';
  return null;
}

const EXTENSION: Record<(typeof PICTURE_TYPES)[number], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** `{user id}/profile/{time}.{ext}`: the only shape the server accepts for a picture. */
export function pictureObjectPath(userId: string, type: string, now: number): string {
  const ext = EXTENSION[type as (typeof PICTURE_TYPES)[number]] ?? 'png';
  return `${userId}/profile/${now.toString(36)}.${ext}`;
}

/** The public name to show for a profile: the chosen name, else the neutral placeholder. */
export function publicArtistName(displayName: string | null | undefined): string {
  return displayName?.trim() || UNNAMED_ARTIST;
}
