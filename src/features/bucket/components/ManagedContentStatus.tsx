import { Badge, Group, Text } from '@mantine/core';
import { releaseLabel, releaseStateOf, TIER_LABELS, unlockLine } from '../content-release';
import type { ManagedContent } from '../bucket-types';

const STATE_COLORS = { draft: 'yellow', scheduled: 'blue', released: 'green' } as const;

/** An artist's item: tier, release state, unlock date and whether the last change has synced. */
export function ManagedContentStatus({ managed }: { managed: ManagedContent }) {
  const fields = { is_public: managed.isPublic, unlock_date: managed.unlockDate };
  const state = releaseStateOf(fields);
  const unlock = unlockLine(fields);
  const unverified = managed.fileCheck === 'refused' || managed.fileCheck === 'waiting';
  const label = releaseLabel(fields, undefined, { rejected: managed.syncState === 'rejected', unverified });
  return (
    <>
      <Group gap={4} mt={2} wrap="wrap">
        <Badge size="sm" variant="light" color={managed.tier === 'free' ? 'gray' : 'grape'}>
          {TIER_LABELS[managed.tier]}
        </Badge>
        <Badge
          size="sm"
          variant="light"
          color={label === 'Not released' ? 'gray' : STATE_COLORS[state]}
          data-testid="release-state"
        >
          {label}
        </Badge>
        {managed.syncState === 'dirty' ? (
          <Badge size="sm" variant="outline" color="gray">
            Not synced yet
          </Badge>
        ) : null}
        {managed.syncState === 'rejected' ? (
          <Badge size="sm" variant="filled" color="red">
            Not saved
          </Badge>
        ) : null}
        {unlock ? (
          <Text span size="xs" c="dimmed">
            {unlock}
          </Text>
        ) : null}
      </Group>
      {managed.fileCheck === 'refused' ? (
        <Text size="xs" c="red" role="alert" mt={2}>
          The server refused this file: {managed.fileNote}. Fans cannot see it; upload a real file instead.
        </Text>
      ) : null}
      {managed.fileCheck === 'waiting' ? (
        <Text size="xs" c="dimmed" mt={2}>
          Waiting for the server to check this file: fans cannot see it yet.
        </Text>
      ) : null}
      {managed.syncError ? (
        <Text size="xs" c="red" role="alert" mt={2}>
          The server refused this change: {managed.syncError}. Fix it and edit the item to send it again.
        </Text>
      ) : null}
    </>
  );
}
