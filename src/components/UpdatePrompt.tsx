import { Button, Group, Notification } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { updateStore } from '@/lib/service-worker';

/** Offers a reload when a new version of the service worker is waiting (registered in main.tsx). */
export function UpdatePrompt() {
  const needRefresh = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot);
  if (!needRefresh) return null;
  return (
    <Notification
      role="alert"
      title="A new version is available"
      onClose={updateStore.dismiss}
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 400, maxWidth: 360 }}
      withBorder
    >
      <Group justify="space-between" mt="xs">
        Reload to get the latest Bucket.
        <Button size="xs" onClick={() => void updateStore.update()}>
          Reload
        </Button>
      </Group>
    </Notification>
  );
}
