import { Stack, TextInput, Textarea } from '@mantine/core';
import { ARTIST_BIO_MAX, ARTIST_NAME_MAX } from '@/lib/artist-identity';

/** An artist's public name (required to publish) and short bio, as the MediaID setup dialog asks them. */
export function ArtistIdentityFields({
  name,
  bio,
  error,
  onName,
  onBio,
}: {
  name: string;
  bio: string;
  error: string | null;
  onName: (value: string) => void;
  onBio: (value: string) => void;
}) {
  return (
    <Stack gap="xs">
      <TextInput
        label="Artist name"
        description="Fans see this name on your releases. It is public; your e-mail never is."
        placeholder="The name you release music under"
        required
        maxLength={ARTIST_NAME_MAX}
        value={name}
        error={error}
        onChange={(event) => onName(event.currentTarget.value)}
      />
      <Textarea
        label="Short bio"
        description={`Optional, up to ${ARTIST_BIO_MAX} characters`}
        autosize
        minRows={2}
        maxLength={ARTIST_BIO_MAX}
        value={bio}
        onChange={(event) => onBio(event.currentTarget.value)}
      />
    </Stack>
  );
}
