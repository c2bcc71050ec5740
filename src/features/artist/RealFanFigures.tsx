import { ActionIcon, Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconHeadphones, IconRefresh, IconUpload, IconUsers } from '@tabler/icons-react';
import { useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { map } from 'rxjs';
import { SyncContext } from '@/data/sync-context';
import { useObservableValue } from '@/data/use-observable-value';
import { ARTIST_DIRECTORY_TABLE } from '@/lib/fan-server-contract';
import { formatCompactNumber } from '@/lib/format';
import { pluralNoun } from '@/lib/plural';
import { supabase } from '@/lib/supabase';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';

type Audience = { followers: number; plays: number; at: Date } | 'loading' | 'unavailable';

/** The artist's uploads in the local database (live: follows every upload, sync and delete). */
function useUploadCount(userId: string | null): number | null {
  const sync = useContext(SyncContext);
  const db = sync?.userId && !sync.error ? sync.db : null;
  const source = useMemo(
    () =>
      db && userId
        ? db.content_items.find({ selector: { artist_id: userId } }).$.pipe(map((docs) => docs.length))
        : null,
    [db, userId],
  );
  return useObservableValue<number | null>(source, null);
}

/**
 * Followers and plays from the server's artist directory, read on open, when the device comes back
 * online or the tab regains focus, and on Refresh — not live, so the card says when it was read.
 */
function useAudience(userId: string | null, signedIn: boolean): [Audience, () => void] {
  const [audience, setAudience] = useState<Audience>('loading');
  const [reads, setReads] = useState(0);
  const refresh = useCallback(() => setReads((n) => n + 1), []);
  useEffect(() => {
    window.addEventListener('online', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      window.removeEventListener('online', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, [refresh]);
  useEffect(() => {
    if (!signedIn || !userId) return undefined;
    let current = true;
    void supabase
      .from(ARTIST_DIRECTORY_TABLE)
      .select('followers,plays')
      .eq('artist_id', userId)
      .then(({ data, error }) => {
        if (!current) return;
        const row = (data as { followers: number; plays: number }[] | null)?.[0];
        // No directory row yet = nothing published: no followers or plays to count.
        setAudience((previous) =>
          error
            ? typeof previous === 'object'
              ? previous
              : 'unavailable'
            : { followers: Number(row?.followers ?? 0), plays: Number(row?.plays ?? 0), at: new Date() },
        );
      });
    return () => {
      current = false;
    };
  }, [signedIn, userId, reads]);
  return [audience, refresh];
}

function Figure({
  icon,
  value,
  noun,
  testId,
}: {
  icon: ReactNode;
  value: number | null;
  noun: [string, string];
  testId: string;
}) {
  return (
    <Group gap={6}>
      {icon}
      <Text size="sm">
        <Text span fw={700} data-testid={testId}>
          {value === null ? '…' : formatCompactNumber(value)}
        </Text>{' '}
        {pluralNoun(value ?? 0, noun[0], noun[1])}
      </Text>
    </Group>
  );
}

/** The artist's own figures, first on their dashboard: followers, plays and uploads. */
export function RealFanFigures() {
  const { session, user } = useAuthSnapshot();
  const userId = user?.id ?? null;
  const [audience, refresh] = useAudience(userId, Boolean(session));
  const uploads = useUploadCount(userId);
  if (!session) return null;
  const known = typeof audience === 'object' ? audience : null;

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Your real audience">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4">
              Your real audience
            </Title>
            <Badge color="teal" variant="light">
              Your data
            </Badge>
          </Group>
          <Tooltip label="Refresh followers and plays" withArrow>
            <ActionIcon variant="subtle" aria-label="Refresh followers and plays" onClick={refresh}>
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap="xl">
          <Figure
            icon={<IconUsers size={18} aria-hidden />}
            value={known?.followers ?? null}
            noun={['follower', 'followers']}
            testId="real-followers"
          />
          <Figure
            icon={<IconHeadphones size={18} aria-hidden />}
            value={known?.plays ?? null}
            noun={['play', 'plays']}
            testId="real-plays"
          />
          <Figure
            icon={<IconUpload size={18} aria-hidden />}
            value={uploads}
            noun={['upload', 'uploads']}
            testId="real-uploads"
          />
        </Group>
        <Text size="xs" c="dimmed" aria-live="polite">
          {audience === 'unavailable'
            ? 'Followers and plays need a connection; they show when you are back online.'
            : known
              ? `Followers and plays as of ${known.at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}; uploads update as you upload.`
              : 'Reading your followers and plays…'}
        </Text>
      </Stack>
    </Card>
  );
}
