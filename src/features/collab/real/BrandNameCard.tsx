import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useContext, useState } from 'react';
import { saveProfile } from '@sync/writes';
import { useProfile } from '@/data';
import { SyncContext } from '@/data/sync-context';
import { ARTIST_NAME_MAX, artistNameError, normalizeArtistName } from '@/lib/artist-identity';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';

/**
 * A brand chooses the public name artists see on its offers and in the list of brands they can
 * pitch to (profiles.display_name, local-first and synced; the server refuses e-mail-like names).
 */
export function BrandNameCard() {
  const { user } = useAuthSnapshot();
  const db = useContext(SyncContext)?.db ?? null;
  const profile = useProfile();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user || profile?.display_name?.trim()) return null;

  async function save() {
    const problem = artistNameError(name, user?.email)?.replace(/artist/g, 'brand') ?? null;
    setError(problem);
    if (problem || !db || !user) return;
    setBusy(true);
    try {
      await saveProfile(db, { id: user.id, display_name: normalizeArtistName(name) });
      notifications.show({ color: 'green', message: 'Brand name saved' });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="brand-name-card">
      <Stack gap="sm">
        <Text fw={700}>Choose your brand’s public name</Text>
        <Text size="sm" c="dimmed">
          Artists see it on your offers and in the list of brands they can pitch to. Your e-mail is never shown.
        </Text>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Brand name"
            placeholder="e.g. Loop Coffee"
            maxLength={ARTIST_NAME_MAX}
            value={name}
            error={error}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            style={{ flex: '1 1 240px' }}
          />
          <Button onClick={() => void save()} loading={busy} disabled={!db}>
            Save name
          </Button>
        </Group>
        {!db && (
          <Alert variant="light" color="yellow">
            Your data is still loading; try again in a moment.
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
