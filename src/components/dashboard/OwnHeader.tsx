import { Avatar, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useContext, useMemo, type ReactNode } from 'react';
import { map } from 'rxjs';
import { SyncContext } from '@/data/sync-context';
import { useObservableValue } from '@/data/use-observable-value';
import { ownDisplayName } from '@/lib/own-name';
import { useAuthSnapshot } from '@/lib/use-auth-snapshot';

/** The profile's display name from the local database (live), null without one. */
function useProfileName(): string | null {
  const sync = useContext(SyncContext);
  const db = sync?.userId && !sync.error ? sync.db : null;
  const userId = sync?.userId ?? null;
  const source = useMemo(
    () => (db && userId ? db.profiles.findOne(userId).$.pipe(map((doc) => doc?.display_name ?? null)) : null),
    [db, userId],
  );
  return useObservableValue<string | null>(source, null);
}

export interface OwnHeaderProps {
  /** 'Artist', 'Brand', 'Developer'. */
  role: string;
  actions?: ReactNode;
}

/** A role dashboard's header for the signed-in user: their own name (or their role), never a sample identity. */
export function OwnHeader({ role, actions }: OwnHeaderProps) {
  const { user } = useAuthSnapshot();
  const name = ownDisplayName(useProfileName(), user?.user_metadata ?? {});
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="md" data-testid="own-header">
      <Group gap="md" wrap="nowrap">
        <Avatar size={64} radius="xl" color="grape" alt="">
          {(name ?? role).slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={4}>
          <Title order={1} size="h2">
            {name ?? `Your ${role.toLowerCase()} dashboard`}
          </Title>
          <Group gap={6}>
            <Badge color="teal" variant="light">
              You
            </Badge>
            <Text size="sm" c="dimmed">
              {role} Dashboard
            </Text>
          </Group>
        </Stack>
      </Group>
      {actions ? (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
