import { Button, Group, Notification } from '@mantine/core';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** Registers the service worker (workbox-window) and offers a reload when a new version is waiting. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });
  if (!needRefresh) return null;
  return (
    <Notification
      role="alert"
      title="A new version is available"
      onClose={() => setNeedRefresh(false)}
      style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 400, maxWidth: 360 }}
      withBorder
    >
      <Group justify="space-between" mt="xs">
        Reload to get the latest Bucket.
        <Button size="xs" onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
      </Group>
    </Notification>
  );
}
