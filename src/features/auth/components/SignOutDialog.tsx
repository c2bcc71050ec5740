import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { Modal } from '@/components/Modal';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { signOut } from '../api/sign-out';
import { useAuth } from '../AuthContext';

/** Sign out, optionally removing this user's local data from the device. */
export function SignOutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { identity } = useAuth();
  const navigate = useNavigate();
  const [removeData, setRemoveData] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (busy) return;
    setBusy(true);
    await signOut(identity, removeData);
    setBusy(false);
    onClose();
    await navigate({ to: '/welcome' });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Sign Out" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">Your data stays on this device for offline use unless you remove it.</Text>
        <Checkbox
          label="Also remove my data from this device"
          checked={removeData}
          onChange={(event) => setRemoveData(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Signing Out...' : 'Sign Out'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
