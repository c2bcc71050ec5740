import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { OutboxEntry, UploadMetadata } from '@sync/outbox';
import { releaseState, tierName } from '../release-state';
import { formatMegabytes } from '@/lib/format';
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

const RELEASE_COLOR = { public: 'green', scheduled: 'blue', draft: 'gray' } as const;

/** The file's tier and what fans will see: public, scheduled for a date, or a draft. */
function ReleaseLine({ metadata }: { metadata: UploadMetadata }) {
  const state = releaseState(metadata);
  return (
    <Group gap={6} wrap="wrap" data-testid="review-release">
      <Badge variant="outline" size="sm" color="violet">
        {tierName(metadata.subscriptionTier)}
      </Badge>
      <Badge variant="light" size="sm" color={RELEASE_COLOR[state.kind]}>
        {state.label}
      </Badge>
      <Text size="xs" c="dimmed">
        {state.detail}
      </Text>
    </Group>
  );
}

/** Each file with its tier, release state, status and real progress; 'Back to Metadata' and 'Start Upload'. */
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
              <ReleaseLine metadata={file.metadata} />
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
