import { ActionIcon, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import type { OutboxEntry, UserOutbox } from '@sync/outbox';
import { formatMegabytes } from '@/lib/format';
import { UploadStatusLine } from './UploadStatusLine';

/** Every queued file of the signed-in user with its state, progress, retry and remove. */
export function OutboxPanel({ outbox, entries }: { outbox: UserOutbox | null; entries: OutboxEntry[] }) {
  if (!outbox || entries.length === 0) return null;
  const hasCompleted = entries.some((e) => e.status === 'completed');
  return (
    <Card withBorder padding="sm" aria-label="Upload queue" component="section">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>Upload queue</Text>
        {hasCompleted ? (
          <Button size="compact-xs" variant="subtle" onClick={() => void outbox.clearCompleted()}>
            Clear completed
          </Button>
        ) : null}
      </Group>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <Stack key={entry.id} component="li" gap={4} data-testid="outbox-entry" data-status={entry.status}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={500} truncate>
                {entry.metadata.title || entry.name}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatMegabytes(entry.size)}
                </Text>
                {entry.status === 'error' ? (
                  <Tooltip label="Retry">
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      onClick={() => void outbox.retry(entry.id)}
                      aria-label={`Retry ${entry.name}`}
                    >
                      <IconRefresh size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
                <Tooltip label="Remove">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    onClick={() => void outbox.remove(entry.id)}
                    aria-label={`Remove ${entry.name}`}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
            <UploadStatusLine status={entry.status} progress={entry.progress} />
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
