import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconHeadphones, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ARTIST_DIRECTORY_TABLE } from '../../lib/fan-server-contract';
import { formatCompactNumber } from '../../lib/format';
import { supabase } from '../../lib/supabase';
import { useAuthSnapshot } from '../../lib/use-auth-snapshot';

type Figures = { followers: number; plays: number } | 'loading' | 'unavailable';

/**
 * The artist's real figures (issue 13 item 7), shown next to the sample analytics and labelled as
 * real: followers (live subscriptions) and plays (fans' plays of the artist's tracks).
 */
export function RealFanFigures() {
  const { session, user } = useAuthSnapshot();
  const userId = user?.id ?? null;
  const [figures, setFigures] = useState<Figures>('loading');
  useEffect(() => {
    if (!session || !userId) return undefined;
    let live = true;
    void supabase
      .from(ARTIST_DIRECTORY_TABLE)
      .select('followers,plays')
      .eq('artist_id', userId)
      .then(({ data, error }) => {
        if (!live) return;
        const row = (data as { followers: number; plays: number }[] | null)?.[0];
        // No directory row yet = nothing published: no followers or plays to count.
        setFigures(error ? 'unavailable' : { followers: Number(row?.followers ?? 0), plays: Number(row?.plays ?? 0) });
      });
    return () => {
      live = false;
    };
  }, [session, userId]);
  if (!session) return null;

  const value = (pick: (f: { followers: number; plays: number }) => number) =>
    typeof figures === 'object' ? formatCompactNumber(pick(figures)) : figures === 'loading' ? '…' : '—';

  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Your real audience">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            Your real audience
          </Title>
          <Badge color="teal" variant="light">
            Live data
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          From your fans on Bucket. The analytics below are sample data.
        </Text>
        <Group gap="xl">
          <Group gap={6}>
            <IconUsers size={18} aria-hidden />
            <Text size="sm">
              <Text span fw={700} data-testid="real-followers">
                {value((f) => f.followers)}
              </Text>{' '}
              followers
            </Text>
          </Group>
          <Group gap={6}>
            <IconHeadphones size={18} aria-hidden />
            <Text size="sm">
              <Text span fw={700} data-testid="real-plays">
                {value((f) => f.plays)}
              </Text>{' '}
              plays
            </Text>
          </Group>
        </Group>
        {figures === 'unavailable' ? (
          <Text size="xs" c="dimmed">
            Real figures need a connection; they show when you are back online.
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
