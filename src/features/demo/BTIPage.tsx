import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PageFrame } from '@/components/PageFrame';
import { formatCompactNumber } from '@/lib/format';
import { FEATURED_ARTIST } from '@/sample/artists';
import { BucketView } from '@/features/bucket';
import { sampleBucketItems } from './bucket-demo/sample-bucket';

/** /BTI: the bucket of the sample artist BTI, viewed as a fan (sample data). */
export function BTIPage() {
  const [items] = useState(() => sampleBucketItems());
  const artist = FEATURED_ARTIST;
  return (
    <PageFrame title="BTI Artist Bucket" description="The bucket of a sample artist, viewed as a fan.">
      <Group gap="md" wrap="nowrap">
        <Avatar src={artist.avatar} alt={artist.name} size={56} radius="xl" />
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={700} size="lg">
              {artist.name}
            </Text>
            {artist.isVerified ? <Badge color="green">Verified</Badge> : null}
          </Group>
          <Text size="sm" c="dimmed">
            {artist.genre} · {formatCompactNumber(artist.subscribers)} subscribers · {artist.city}
          </Text>
        </Stack>
      </Group>
      <BucketView viewer="fan" items={items} />
    </PageFrame>
  );
}
