import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { saveProfile } from '@sync/writes';
import { useProfile } from '@/data';
import { SyncContext } from '@/data/sync-context';
import { formatShortCalendarDate, localCalendarDate } from '@/lib/format';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';

export const ANNOUNCEMENT_MAX = 80;

/** Today and a year ahead as YYYY-MM-DD, in the device's time zone (the server allows the same span). */
function dayRange(): { min: string; max: string } {
  const max = new Date();
  max.setDate(max.getDate() + 365);
  return { min: localCalendarDate(), max: localCalendarDate(max) };
}

/** What is wrong with an announcement draft, per field (null = fine). */
export function announcementErrors(
  note: string,
  day: string,
  range = dayRange(),
): { note: string | null; day: string | null } {
  const text = note.trim();
  return {
    note: !text
      ? 'Say what is coming, e.g. “New single — out Friday”.'
      : text.length > ANNOUNCEMENT_MAX
        ? `At most ${ANNOUNCEMENT_MAX} characters.`
        : null,
    day: !/^\d{4}-\d{2}-\d{2}$/.test(day)
      ? 'Choose the release day.'
      : day < range.min || day > range.max
        ? 'Choose a day from today to a year ahead.'
        : null,
  };
}

/**
 * 'Coming soon' on the artist dashboard: the one thing fans may learn about unreleased work — what
 * the artist writes here on purpose (a line and a day). Followers see it under Upcoming on their
 * dashboard; the items themselves stay private until released. Local-first (the profiles row).
 */
export function UpcomingReleaseCard() {
  const { user } = useAuthSnapshot();
  const db = useContext(SyncContext)?.db ?? null;
  const profile = useProfile();
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState('');
  const [day, setDay] = useState('');
  const [errors, setErrors] = useState<{ note: string | null; day: string | null }>({ note: null, day: null });
  const [busy, setBusy] = useState(false);
  if (!user || !db) return null;
  const current = profile?.announcement && profile.announcement_on ? profile : null;
  const range = dayRange();

  async function write(announcement: string | null, on: string | null, message: string) {
    if (!db || !user) return;
    setBusy(true);
    try {
      await saveProfile(db, { id: user.id, announcement, announcement_on: on });
      notifications.show({ color: 'green', message });
      setEditing(false);
    } finally {
      setBusy(false);
    }
  }

  function submit() {
    const found = announcementErrors(note, day, range);
    setErrors(found);
    if (found.note || found.day) return;
    void write(note.trim(), day, 'Announcement saved: your followers will see it under Upcoming');
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="artist-upcoming-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconSpeakerphone size={20} aria-hidden />
          <Title order={2} size="h4" id="artist-upcoming-title">
            Coming soon
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Tell your followers what is coming. Drafts and scheduled uploads stay private until they are released; only
          this line and its day are shown.
        </Text>
        {!editing && current ? (
          <Alert
            color="blue"
            variant="light"
            title={`Announced for ${formatShortCalendarDate(current.announcement_on!)}`}
          >
            {current.announcement}
          </Alert>
        ) : null}
        {editing ? (
          <Stack gap="xs" component="form" onSubmit={(e) => (e.preventDefault(), submit())}>
            <TextInput
              label="Announcement"
              description={`${note.trim().length}/${ANNOUNCEMENT_MAX}`}
              placeholder="New single — out Friday"
              value={note}
              maxLength={ANNOUNCEMENT_MAX + 20}
              error={errors.note}
              onChange={(event) => setNote(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="Release day"
              min={range.min}
              max={range.max}
              value={day}
              error={errors.day}
              onChange={(event) => setDay(event.currentTarget.value)}
            />
            <Group gap="xs">
              <Button type="submit" loading={busy}>
                Save announcement
              </Button>
              <Button variant="default" onClick={() => setEditing(false)} disabled={busy}>
                Cancel
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="xs">
            <Button
              variant="light"
              onClick={() => {
                setNote(current?.announcement ?? '');
                setDay(current?.announcement_on ?? '');
                setErrors({ note: null, day: null });
                setEditing(true);
              }}
            >
              {current ? 'Edit announcement' : 'Announce a release'}
            </Button>
            {current ? (
              <Button
                variant="subtle"
                color="red"
                loading={busy}
                onClick={() => void write(null, null, 'Announcement removed')}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
