import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect } from 'react';

/**
 * A page whose code is not on this device yet and cannot be fetched (offline, or the connection
 * dropped): Bucket's own screen instead of the browser's error page or a stack trace. The spec
 * shows no message for a failed chunk load; this one says what to do.
 */
export function OfflineScreen() {
  useEffect(() => {
    document.title = 'Offline · Bucket';
  }, []);
  return (
    <Center mih="70vh" p="md">
      <Paper withBorder p="xl" maw={480} w="100%" role="alert">
        <Stack align="center" ta="center" gap="md">
          <IconWifiOff size={48} color="var(--mantine-color-dimmed)" aria-hidden />
          <Title order={1} size="h2">
            You&apos;re Offline
          </Title>
          <Text>
            This page isn&apos;t saved on this device yet. Reconnect to open it; your other pages work offline.
          </Text>
          <Button onClick={() => window.location.reload()}>Try Again</Button>
        </Stack>
      </Paper>
    </Center>
  );
}
