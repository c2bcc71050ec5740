import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Modal } from '@/components/Modal';

/** Confirms a delete; the item leaves the bucket and every follower's locker. */
export function DeleteContentModal({
  title,
  onClose,
  onConfirm,
}: {
  title: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Delete this item?" centered size="sm">
      <Stack gap="sm">
        <Text size="sm">
          “{title}” will be removed from your bucket and from your followers&apos; lockers. This cannot be undone.
        </Text>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
