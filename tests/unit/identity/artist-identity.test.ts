import { describe, expect, it } from 'vitest';
import { buildCompletedProfile } from '../../../src/features/mediaid/build-media-id';
import {
  artistBioError,
  artistNameError,
  NAME_IS_EMAIL,
  normalizeArtistName,
  pictureFileError,
  pictureObjectPath,
  publicArtistName,
  UNNAMED_ARTIST,
} from '../../../src/lib/artist-identity';
import { profileMergePolicy } from '../../../sync/conflicts/profiles';
import { mergeFieldGroups } from '../../../sync/conflicts/merge-field-groups';

const email = 'nova.lane@example.com';

describe('artist public name', () => {
  it('accepts a chosen name, trimmed and with whitespace collapsed', () => {
    expect(artistNameError('  Nova   Lane ', email)).toBeNull();
    expect(normalizeArtistName('  Nova \t  Lane\n')).toBe('Nova Lane');
  });

  it('refuses empty, too long, the account e-mail, its local part or any e-mail address', () => {
    expect(artistNameError('   ', email)).toBe('Enter your artist name');
    expect(artistNameError('x'.repeat(61), email)).toMatch(/60 characters/);
    expect(artistNameError('x'.repeat(60), email)).toBeNull();
    expect(artistNameError(email, email)).toBe(NAME_IS_EMAIL);
    expect(artistNameError('NOVA.LANE@EXAMPLE.COM', email)).toBe(NAME_IS_EMAIL);
    expect(artistNameError('Nova.Lane', email)).toBe(NAME_IS_EMAIL);
    expect(artistNameError(`DJ ${email} live`, email)).toBe(NAME_IS_EMAIL);
    expect(artistNameError('booking: someone@else.org', email)).toBe(NAME_IS_EMAIL);
    // '@' alone is a fine stage name character
    expect(artistNameError('Nova @ Night', email)).toBeNull();
  });

  it('shows the neutral placeholder when no name was chosen, never anything else', () => {
    expect(publicArtistName(null)).toBe(UNNAMED_ARTIST);
    expect(publicArtistName('  ')).toBe(UNNAMED_ARTIST);
    expect(publicArtistName('Nova')).toBe('Nova');
  });
});

describe('bio and picture', () => {
  it('caps the bio at 280 characters', () => {
    expect(artistBioError('a'.repeat(280))).toBeNull();
    expect(artistBioError('a'.repeat(281))).toMatch(/280/);
  });

  it('takes PNG, JPEG or WebP images up to 5 MB, never empty', () => {
    expect(pictureFileError({ type: 'image/png', size: 1000 })).toBeNull();
    expect(pictureFileError({ type: 'image/gif', size: 1000 })).toMatch(/PNG, JPEG or WebP/);
    expect(pictureFileError({ type: 'application/x-msdownload', size: 1000 })).toMatch(/PNG, JPEG or WebP/);
    expect(pictureFileError({ type: 'image/jpeg', size: 0 })).toBe('This image is empty');
    expect(pictureFileError({ type: 'image/webp', size: 5 * 1024 * 1024 + 1 })).toMatch(/5 MB/);
  });

  it('puts the picture in the owner folder under profile/ (the shape the server accepts)', () => {
    const path = pictureObjectPath('0b7c1f3e-0000-4000-8000-000000000001', 'image/jpeg', 1_700_000_000_000);
    expect(path).toMatch(/^0b7c1f3e-0000-4000-8000-000000000001\/profile\/[a-z0-9]+\.jpg$/);
  });
});

describe('setup profile row', () => {
  const now = '2026-11-26T12:00:00.000Z';
  it('never takes a name from anywhere but the artist: no identity, no name', () => {
    expect(buildCompletedProfile('u', 'fan', now, null, null).display_name).toBeNull();
  });
  it('writes the chosen name and bio, replacing an existing name', () => {
    const existing = { ...buildCompletedProfile('u', 'fan', now), display_name: 'Old', bio: 'old bio' };
    expect(
      buildCompletedProfile('u', 'artist', now, existing, { displayName: 'Nova', bio: 'Tape loops' }),
    ).toMatchObject({
      display_name: 'Nova',
      bio: 'Tape loops',
      role: 'artist',
    });
    expect(buildCompletedProfile('u', 'artist', now, existing, null)).toMatchObject({
      display_name: 'Old',
      bio: 'old bio',
    });
  });
});

describe('profile conflicts keep both devices’ identity edits', () => {
  it('a name edited on one device and a bio on another both survive', () => {
    const base = {
      id: 'u',
      display_name: 'Nova',
      bio: '',
      genres: [],
      picture_path: null,
      updated_at: '2026-01-01T00:00:00Z',
      sync_modified: 'a',
    };
    const local = { ...base, display_name: 'Nova Lane', updated_at: '2026-01-02T00:00:00Z', sync_field_times: {} };
    const server = {
      ...base,
      bio: 'Tape loops',
      genres: ['Ambient'],
      updated_at: '2026-01-03T00:00:00Z',
      sync_modified: 'b',
    };
    const merged = mergeFieldGroups(
      { newDocumentState: local, realMasterState: server, assumedMasterState: base },
      profileMergePolicy,
    );
    expect(merged).toMatchObject({ display_name: 'Nova Lane', bio: 'Tape loops', genres: ['Ambient'] });
  });
});
