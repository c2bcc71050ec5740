import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { IconCircleCheck } from '@tabler/icons-react';

/** The completion dialog: 'Upload Complete!', completed of total, Done. */
export function UploadCompleteDialog({
  opened,
  completed,
  total,
  onDone,
}: {
  opened: boolean;
  completed: number;
  total: number;
  onDone: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onDone} title="Upload Complete!" centered size="sm">
      <Stack align="center" gap="md">
        <ThemeIcon size={56} radius="xl" color={completed === total ? 'green' : 'yellow'} variant="light">
          <IconCircleCheck size={34} />
        </ThemeIcon>
        <Text ta="center" data-testid="upload-complete-count">
          {completed} of {total} files uploaded successfully
        </Text>
        <Button onClick={onDone} fullWidth>
          Done
        </Button>
      </Stack>
    </Modal>
  );
}
