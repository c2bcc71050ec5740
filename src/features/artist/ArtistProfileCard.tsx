import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  MultiSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto, IconUserEdit } from '@tabler/icons-react';
import { useContext, useEffect, useState } from 'react';
import { saveProfile } from '@sync/writes';
import { Modal } from '@/components/Modal';
import { useProfile } from '@/data';
import { SyncContext } from '@/data/sync-context';
import {
  ARTIST_BIO_MAX,
  ARTIST_GENRE_OPTIONS,
  ARTIST_GENRES_MAX,
  ARTIST_NAME_MAX,
  artistBioError,
  artistNameError,
  normalizeArtistName,
  PICTURE_TYPES,
  pictureFileError,
  publicArtistName,
} from '@/lib/artist-identity';
import { signArtistPictures, uploadArtistPicture } from '@/lib/artist-picture';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';
import { useOnline } from '@/lib/use-online';

/** A signed URL for the artist's own picture (null while none, offline or unsigned). */
function usePictureUrl(path: string | null | undefined): string | null {
  const [url, setUrl] = useState<{ path: string; url: string } | null>(null);
  useEffect(() => {
    if (!path) return undefined;
    let live = true;
    void signArtistPictures([path]).then((urls) => {
      const signed = urls.get(path);
      if (live && signed) setUrl({ path, url: signed });
    });
    return () => {
      live = false;
    };
  }, [path]);
  return path && url?.path === path ? url.url : null;
}

interface Draft {
  name: string;
  bio: string;
  genres: string[];
  picture: File | null;
  removePicture: boolean;
}

/**
 * 'Artist profile' on the artist dashboard: the public name, picture, bio and genres
 * fans see. Name, bio and genres are local-first (the profiles row, synced); a new picture is
 * uploaded at once and so needs a connection.
 */
export function ArtistProfileCard() {
  const { user } = useAuthSnapshot();
  // Soft: the e2e in-memory auth harness mounts no SyncProvider (the card then cannot save).
  const db = useContext(SyncContext)?.db ?? null;
  const profile = useProfile();
  const online = useOnline();
  const pictureUrl = usePictureUrl(profile?.picture_path);
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<Draft>({ name: '', bio: '', genres: [], picture: null, removePicture: false });
  const [errors, setErrors] = useState<{ name?: string | null; bio?: string | null; picture?: string | null }>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const named = Boolean(profile?.display_name?.trim());
  const name = publicArtistName(profile?.display_name);

  function open() {
    setDraft({
      name: profile?.display_name ?? '',
      bio: profile?.bio ?? '',
      genres: profile?.genres ?? [],
      picture: null,
      removePicture: false,
    });
    setErrors({});
    setSaveError(null);
    setOpened(true);
  }

  async function save() {
    if (!db || !user || busy) return;
    const found = {
      name: artistNameError(draft.name, user.email),
      bio: artistBioError(draft.bio),
      picture: draft.picture ? pictureFileError(draft.picture) : null,
    };
    setErrors(found);
    if (found.name || found.bio || found.picture) return;
    if (draft.picture && !online) {
      setErrors({
        picture: 'You are offline: a new picture needs a connection. Save without it, or try again online.',
      });
      return;
    }
    setBusy(true);
    setSaveError(null);
    try {
      // The upload comes first: the profile names the picture only once it exists.
      const picturePath = draft.picture
        ? await uploadArtistPicture(user.id, draft.picture)
        : draft.removePicture
          ? null
          : (profile?.picture_path ?? null);
      await saveProfile(db, {
        id: user.id,
        display_name: normalizeArtistName(draft.name),
        bio: draft.bio.trim(),
        genres: draft.genres,
        picture_path: picturePath,
      });
      notifications.show({ color: 'green', message: 'Artist profile saved' });
      setOpened(false);
    } catch (caught) {
      setSaveError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Artist profile">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Avatar src={pictureUrl} alt="" size={56} radius="xl" color="green">
            {name.slice(0, 1)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} size="h4">
              Artist profile
            </Title>
            <Text fw={600} truncate>
              {name}
            </Text>
            {profile?.bio ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {profile.bio}
              </Text>
            ) : null}
            {profile?.genres?.length ? (
              <Group gap={4}>
                {profile.genres.map((genre) => (
                  <Badge key={genre} size="xs" variant="light" color="green">
                    {genre}
                  </Badge>
                ))}
              </Group>
            ) : null}
          </Stack>
        </Group>
        <Button
          variant="light"
          color="green"
          leftSection={<IconUserEdit size={16} />}
          onClick={open}
          disabled={!db}
          style={{ flexShrink: 0 }}
        >
          Edit profile
        </Button>
      </Group>
      {named ? null : (
        <Alert color="yellow" mt="sm" title="Choose your artist name">
          Fans see “{name}” until you do, and you need a name before you publish.
        </Alert>
      )}
      <Modal opened={opened} onClose={() => setOpened(false)} title="Edit artist profile" size="md">
        <Stack gap="sm">
          {saveError ? (
            <Alert color="red" role="alert">
              {saveError}
            </Alert>
          ) : null}
          <TextInput
            label="Artist name"
            description="Public: fans see it on your releases. Your e-mail never is."
            required
            maxLength={ARTIST_NAME_MAX}
            value={draft.name}
            error={errors.name}
            onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
          />
          <Textarea
            label="Short bio"
            description={`Optional, up to ${ARTIST_BIO_MAX} characters`}
            autosize
            minRows={2}
            maxLength={ARTIST_BIO_MAX}
            value={draft.bio}
            error={errors.bio}
            onChange={(event) => setDraft({ ...draft, bio: event.currentTarget.value })}
          />
          <MultiSelect
            label="Genres"
            description={`Up to ${ARTIST_GENRES_MAX}`}
            data={[...ARTIST_GENRE_OPTIONS]}
            maxValues={ARTIST_GENRES_MAX}
            value={draft.genres}
            onChange={(genres) => setDraft({ ...draft, genres })}
            clearable
          />
          <FileInput
            label="Picture"
            description={
              online ? 'PNG, JPEG or WebP, up to 5 MB' : 'You are offline: a new picture needs a connection.'
            }
            placeholder="Choose an image"
            accept={PICTURE_TYPES.join(',')}
            leftSection={<IconPhoto size={16} />}
            value={draft.picture}
            error={errors.picture}
            clearable
            onChange={(picture) => {
              setDraft({ ...draft, picture, removePicture: false });
              setErrors({ ...errors, picture: picture ? pictureFileError(picture) : null });
            }}
          />
          {profile?.picture_path && !draft.picture ? (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => setDraft({ ...draft, removePicture: !draft.removePicture })}
            >
              {draft.removePicture ? 'Keep current picture' : 'Remove current picture'}
            </Button>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={busy}>
              Cancel
            </Button>
            <Button color="green" onClick={() => void save()} loading={busy}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
