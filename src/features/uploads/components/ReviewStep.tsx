import { Button, Group, Stack, Text } from '@mantine/core';
import type { OutboxEntry } from '../../../../sync/outbox';
import { formatMegabytes } from '../../../lib/format';
import type { DialogFile } from '../dialog-reducer';
import { UploadStatusLine } from './UploadStatusLine';

interface ReviewStepProps {
  files: DialogFile[];
  /** The outbox entry of each file once sent (same order), else undefined. */
  entries: (OutboxEntry | undefined)[];
  uploading: boolean;
  sent: boolean;
  onBack: () => void;
  onStart: () => void;
}

/** Each file with its status and real progress; 'Back to Metadata' and 'Start Upload' (spec §2). */
export function ReviewStep({ files, entries, uploading, sent, onBack, onStart }: ReviewStepProps) {
  return (
    <Stack gap="md">
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {files.map((file, index) => {
          const entry = entries[index];
          return (
            <Stack key={file.key} component="li" gap={4}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500} truncate>
                  {file.metadata.title || file.file.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatMegabytes(file.file.size)}
                </Text>
              </Group>
              <UploadStatusLine status={entry?.status ?? 'pending'} progress={entry?.progress ?? 0} />
            </Stack>
          );
        })}
      </Stack>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={uploading || sent}>
          Back to Metadata
        </Button>
        <Button onClick={onStart} disabled={uploading || sent} loading={false}>
          {uploading ? 'Uploading...' : 'Start Upload'}
        </Button>
      </Group>
    </Stack>
  );
}
