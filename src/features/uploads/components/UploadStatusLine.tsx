import { Badge, Group, Progress, Text } from '@mantine/core';
import type { UploadStatus } from '@sync/outbox';
import { STATUS_COLOR } from '../upload-options';

/** Status (red on error) and the real progress of one file. */
export function UploadStatusLine({ status, progress }: { status: UploadStatus; progress: number }) {
  return (
    <Group gap="xs" wrap="nowrap" w="100%">
      <Badge color={STATUS_COLOR[status]} variant="light" size="sm" miw={86}>
        {status}
      </Badge>
      <Progress
        value={progress}
        color={STATUS_COLOR[status]}
        size="sm"
        style={{ flex: 1 }}
        aria-label={`Progress ${progress}%`}
        animated={status === 'uploading'}
      />
      <Text size="xs" c="dimmed" w={36} ta="right">
        {progress}%
      </Text>
    </Group>
  );
}
